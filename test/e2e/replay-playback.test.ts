import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from './harness/cli-process.js';
import { useCliAndChromium } from './harness/cli-and-chromium.js';
import { hasChromium, requireOrSkip } from './harness/environment.js';
import { pollUntil } from './harness/poll.js';
import { REPLAY_MARKERS, routeReplayPage, sessionId } from './harness/replay-page.js';
import { replayFrame, seekTo, textOf } from './harness/replay-player.js';

const runs = requireOrSkip('Chromium', hasChromium, 'apt-get install -y chromium');
const M = REPLAY_MARKERS;
/** What the recorder blocks on the test page: the SDK's own markers and the page's blockSelector. */
const BLOCKED = '.sdk-no-capture, [data-sdk-no-capture], #custom';
const ARTIFACTS = fileURLToPath(new URL('./artifacts/replay-playback/', import.meta.url));
const EMAIL = 'watcher@example.com';
const PASSWORD = 'correct horse battery staple';

interface ChunkPage {
  chunks: { seq: number; events: { type: number; data?: { source?: number; text?: string; id?: number } }[] }[];
  next_seq: number | null;
}

describe.runIf(runs)('session replay in Chromium: recorded by our SDK, stored by the CLI server on SQLite, played back', () => {
  const env = useCliAndChromium('ns-e2e-replay-');

  it(
    'plays a recorded session back with the original page’s text, masked inputs masked, blocked elements absent, and a timeline that seeks',
    { timeout: 120_000 },
    async () => {
      const demo = env.server.demo;
      await mkdir(ARTIFACTS, { recursive: true });
      const created = await runCli(['create-account', '--email', EMAIL, '--project', String(demo.project_id), '--role', 'viewer'], {
        NORTHSTAR_DATA_DIR: env.dataDir,
        NORTHSTAR_PASSWORD: PASSWORD,
      });
      expect(created.code, created.stderr).toBe(0);

      // Record: the real CDN script with replay at 100 %, a typed and a scripted value, a password.
      const recording = await env.browser.newContext({ viewport: { width: 1000, height: 700 } });
      await routeReplayPage(recording, demo, { samplingRate: 100, blockSelector: '#custom' });
      const original = await recording.newPage();
      await original.goto(`${demo.url}/e2e/replay/first`);
      const session = await sessionId(original);
      await original.fill('#typed', M.typed);
      await original.fill('#password', M.password);
      await original.evaluate((value) => {
        (document.getElementById('scripted') as HTMLInputElement).value = value;
      }, M.scripted);
      const originalText = await textOf(original, BLOCKED);
      expect(originalText).toContain(M.visible);
      await original.screenshot({ path: `${ARTIFACTS}original.png` });

      // Stored: wait until the last input event of the typed and the scripted field is on the server, masked
      // (read through the API); the password's value, masked or left out, is never more than asterisks.
      const chunksUrl = `${demo.url}/v1/projects/${demo.project_id}/replays/${encodeURIComponent(session)}/chunks?limit=100`;
      await pollUntil(
        async () => {
          const res = await fetch(chunksUrl, { headers: { Authorization: `Bearer ${demo.sk}` } });
          if (!res.ok) return [];
          const body = (await res.json()) as ChunkPage;
          return body.chunks.flatMap((chunk) => chunk.events).filter((event) => event.type === 3 && event.data?.source === 5);
        },
        (inputs) => [M.typed, M.scripted].every((value) => inputs.some((event) => event.data?.text === '*'.repeat(value.length))),
        30_000,
      );
      await recording.close();

      // Play back: a member signs in on the page, which then reads the session with its access token.
      const watching = await env.browser.newContext({ viewport: { width: 1400, height: 1000 } });
      const player = await watching.newPage();
      const playerUrl = `${demo.url}/replay?project=${demo.project_id}&session=${encodeURIComponent(session)}`;
      await player.goto(playerUrl);
      await player.waitForSelector('main[data-state="signin"]', { timeout: 30_000 });
      await player.fill('#signin input[name="email"]', EMAIL);
      await player.fill('#signin input[name="password"]', PASSWORD);
      await player.click('#signin button[type="submit"]');
      await player.waitForSelector('main[data-state="ready"]', { timeout: 30_000 });

      await seekTo(player, 'end');
      const frame = await replayFrame(player);
      // the replayer applies the events up to the end: the masked value of the typed input shows
      await pollUntil(
        () => frame.evaluate(() => (document.getElementById('typed') as HTMLInputElement | null)?.value ?? ''),
        (value) => value.length === M.typed.length,
        30_000,
      );
      const replayedText = await textOf(frame, BLOCKED);
      expect(replayedText).toBe(originalText);
      await player.locator('#stage').screenshot({ path: `${ARTIFACTS}replayed.png` });

      const fields = await frame.evaluate(() =>
        ['typed', 'scripted', 'hidden', 'password', 'notes'].map((id) => (document.getElementById(id) as HTMLInputElement | null)?.value ?? null),
      );
      expect(fields.slice(0, 4)).toEqual([
        '*'.repeat(M.typed.length),
        '*'.repeat(M.scripted.length),
        expect.stringMatching(/^\**$/),
        expect.stringMatching(/^\**$/),
      ]);
      for (const value of fields) expect(value === null || /^\**$/.test(value), String(value)).toBe(true);
      const html = await frame.evaluate(() => document.documentElement.outerHTML);
      for (const secret of [M.typed, M.scripted, M.hidden, M.password, M.textarea, M.blocked, M.blockedData, M.customBlocked]) {
        expect(html, secret).not.toContain(secret);
      }
      // Blocked elements: rrweb keeps each as an empty box of its size: the page's three blocked parts, nothing inside.
      const boxes = await frame.evaluate(() =>
        [...document.querySelectorAll('body > div, body > section')].map((box) => [box.childNodes.length, (box as HTMLElement).style.height]),
      );
      expect(boxes).toEqual([
        [0, expect.stringMatching(/px$/)],
        [0, expect.stringMatching(/px$/)],
        [0, expect.stringMatching(/px$/)],
      ]);

      // The timeline lists the page view; its button seeks the player there.
      const entry = player.locator('#timeline .entry-pageview button').first();
      await entry.click();
      const offset = Number(await entry.getAttribute('data-offset'));
      await player.waitForSelector(`main[data-time="${Math.max(0, Math.round(offset))}"]`, { timeout: 10_000 });

      // A reload signs in again from the refresh cookie, without the form.
      await player.reload();
      await player.waitForSelector('main[data-state="ready"]', { timeout: 30_000 });
      await watching.close();
    },
  );
});
