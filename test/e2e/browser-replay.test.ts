import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useCliAndChromium } from './harness/cli-and-chromium.js';
import { hasChromium, requireOrSkip } from './harness/environment.js';
import { pollUntil } from './harness/poll.js';
import { REPLAY_MARKERS as M, requestedPaths, routeReplayPage, sessionId, storedRecording } from './harness/replay-page.js';
import type { DemoProject } from './harness/server.js';
import { storedReplay } from './harness/stored-replay.js';
import type { StoredReplayChunk } from './harness/stored-replay.js';

const runs = requireOrSkip('Chromium', hasChromium, 'apt-get install -y chromium');

/** rrweb's event types: the page's Meta (4) and FullSnapshot (2) begin every recording. */
const FULL_SNAPSHOT = 2;
const META = 4;

/** The chunk requests the pages of `context` send, with their headers and decompressed bodies. */
function chunkRequests(context: BrowserContext): { encoding: string | undefined; body: { session_id: string; seq: number } }[] {
  const seen: { encoding: string | undefined; body: { session_id: string; seq: number } }[] = [];
  context.on('request', (request: Request) => {
    if (!request.url().endsWith('/v1/replay/chunks')) return;
    const raw = request.postDataBuffer() ?? Buffer.alloc(0);
    const encoding = request.headers()['content-encoding'];
    const text = raw[0] === 0x1f && raw[1] === 0x8b ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
    seen.push({ encoding, body: JSON.parse(text) as { session_id: string; seq: number } });
  });
  return seen;
}

/** Types, then fills a field by script, picks the secret option: what must reach the recording masked. */
async function useTheFields(page: Page): Promise<void> {
  await page.locator('#typed').pressSequentially(M.typed);
  await page.locator('#password').pressSequentially(M.password);
  await page.selectOption('#choice', M.selected);
  await page.evaluate((value) => {
    (document.getElementById('scripted') as HTMLInputElement).value = value;
  }, M.scripted);
}

describe.runIf(runs)('session replay in Chromium against the built server on its SQLite file', () => {
  const env = useCliAndChromium('northstar-replay-');
  const stored = (demo: DemoProject, session: string): Promise<StoredReplayChunk[]> =>
    storedReplay(`sqlite:${join(env.dataDir, 'data.db')}`, demo.project_id, session);
  const storedText = (chunks: StoredReplayChunk[]): string => JSON.stringify(chunks.flatMap((c) => c.events));

  it('records a sampled session: gzip chunks numbered from 0, stored, with inputs masked and blocked parts absent', async () => {
    const demo = env.server.demo;
    const context = await env.browser.newContext();
    await routeReplayPage(context, demo, { samplingRate: 100, blockSelector: '#custom' });
    const paths = requestedPaths(context);
    const requests = chunkRequests(context);
    const page = await context.newPage();
    await page.goto(`${demo.url}/e2e/replay/first`);
    const session = await sessionId(page);
    await useTheFields(page);
    const marker = 'after-fields-marker';
    await page.evaluate((text) => document.body.append(Object.assign(document.createElement('p'), { textContent: text })), marker);
    const chunks = await pollUntil(
      () => stored(demo, session),
      (c) => storedText(c).includes(marker) && storedText(c).includes('"source":5'),
      30_000,
    );
    await context.close();

    expect(paths).toContain('/sdk/replay.js');
    expect(chunks.map((c) => c.seq)).toEqual(chunks.map((_, i) => i));
    expect(chunks[0]?.events.slice(0, 2).map((e) => e.type)).toEqual([META, FULL_SNAPSHOT]);
    const text = storedText(chunks);
    expect(text).toContain(M.visible);
    for (const secret of [M.typed, M.scripted, M.hidden, M.password, M.textarea]) expect(text, secret).not.toContain(secret);
    // The options are the page's text; which one was picked is not recorded.
    const inputs = chunks
      .flatMap((c) => c.events)
      .flatMap((e) => (e.type === 3 && (e.data as { source: number }).source === 5 ? [e.data as { text: string }] : []));
    expect(inputs.length).toBeGreaterThanOrEqual(3);
    for (const input of inputs) expect(input.text).toMatch(/^\**$/);
    expect(text).not.toContain('"selected"');
    for (const blocked of [M.blocked, M.blockedData, M.customBlocked]) expect(text, blocked).not.toContain(blocked);
    // The recording carries the blocked parts as empty boxes: the player keeps the layout.
    expect(text).toContain('rr_width');
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((r) => r.encoding === 'gzip' && r.body.session_id === session)).toBe(true);
  });

  it('with samplingRate 0 never requests the recorder, on any page load of the session', async () => {
    const demo = env.server.demo;
    const context = await env.browser.newContext();
    await routeReplayPage(context, demo, { samplingRate: 0 });
    const paths = requestedPaths(context);
    const page = await context.newPage();
    await page.goto(`${demo.url}/e2e/replay/first`);
    const session = await sessionId(page);
    await pollUntil(
      () => storedRecording(page, demo),
      (r) => r?.session === session,
    );
    expect(await storedRecording(page, demo)).toMatchObject({ session, sampled: false });
    await page.goto(`${demo.url}/e2e/replay/second`);
    // The instance has a session once init ran, and init sets the plugins up in the same call: the replay
    // plugin has decided by then.
    expect(await sessionId(page)).toBe(session);
    await context.close();

    expect(paths.filter((p) => p.startsWith('/sdk/'))).not.toContain('/sdk/replay.js');
    expect(paths).not.toContain('/v1/replay/chunks');
  });

  it("keeps a session's sampling decision across its page loads, whatever the next page's samplingRate", async () => {
    const demo = env.server.demo;
    const context = await env.browser.newContext();
    await routeReplayPage(context, demo, { samplingRate: 100 });
    const page = await context.newPage();
    await page.goto(`${demo.url}/e2e/replay/first`);
    const session = await sessionId(page);
    await pollUntil(
      () => stored(demo, session),
      (c) => c.length > 0,
      30_000,
    );
    // The next page load of the same session says 0 %: the session was sampled in, so it is still recorded.
    await context.unroute(`${demo.url}/e2e/replay/**`);
    await routeReplayPage(context, demo, { samplingRate: 0 });
    await page.goto(`${demo.url}/e2e/replay/second`);
    expect(await sessionId(page)).toBe(session);
    const chunks = await pollUntil(
      () => stored(demo, session),
      (c) => c.filter((chunk) => chunk.events.some((e) => e.type === FULL_SNAPSHOT)).length >= 2,
      30_000,
    );
    await context.close();

    // Two page loads, two full snapshots, one run of sequence numbers.
    expect(chunks.map((c) => c.seq)).toEqual(chunks.map((_, i) => i));
  });
});
