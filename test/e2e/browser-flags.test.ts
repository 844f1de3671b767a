// The featureFlags plugin of the npm build in Chromium against the built server (`northstar-server` on its
// SQLite file): a bootstrapped flag is rendered in the first frame and never another text; without the
// bootstrap the page shows `loading` first (the flicker the test can see); a read sends one exposure.
import type { Page } from 'playwright-core';
import type { TrackedEvent } from '@northstar/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './harness/cli-process.js';
import { sentEvents, useCliAndChromium } from './harness/cli-and-chromium.js';
import { hasChromium, requireOrSkip } from './harness/environment.js';
import { FLAG_KEY, VARIANT, routeFlagsPage } from './harness/flags-page.js';
import { pollUntil } from './harness/poll.js';

const runs = requireOrSkip('Chromium', hasChromium, 'apt-get install -y chromium');

/** Every text `#hero` had, once the server's answer was rendered (the page's listener was told `server`). */
async function heroTextsOnceAnswered(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await page.waitForFunction(() => (window as unknown as { flagSources?: string[] }).flagSources?.includes('server'), undefined, { timeout: 30_000 });
  // One more frame after the answer, so that the frame loop logged the last text too.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => (window as unknown as { heroTexts: string[] }).heroTexts);
}

describe.runIf(runs)('feature flags in Chromium against the built server', () => {
  const env = useCliAndChromium('northstar-flags-');
  let project: { url: string; pk: string };

  beforeAll(async () => {
    // A project whose secret key has every scope (the demo key cannot create flags), on the server's own database.
    const made = await runCli(['bootstrap', '--json'], { NORTHSTAR_DATA_DIR: env.dataDir });
    if (made.code !== 0) throw new Error(`bootstrap failed: ${made.stderr}`);
    const { project_id, pk, sk } = JSON.parse(made.stdout) as { project_id: number; pk: string; sk: string };
    const res = await fetch(`${env.server.demo.url}/v1/projects/${project_id}/flags`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${sk}` },
      body: JSON.stringify({ key: FLAG_KEY, active: true, rollout_percentage: 100, variants: [{ key: VARIANT, weight: 100 }] }),
    });
    if (res.status !== 201) throw new Error(`flag not created: ${res.status} ${await res.text()}`);
    project = { url: env.server.demo.url, pk };
  }, 60_000);

  it.each([
    ['its bootstrap element', 'bootstrap'],
    ['init({ bootstrap })', 'init-bootstrap'],
  ])(
    'a page that bootstraps the flag by %s shows its variant in the first frame and never another text',
    async (_, path) => {
      const context = await env.browser.newContext();
      await routeFlagsPage(context, project);
      const texts = await heroTextsOnceAnswered(await context.newPage(), `${project.url}/e2e/flags/${path}`);
      await context.close();
      expect(texts).toEqual([`variant ${VARIANT}`]);
    },
    60_000,
  );

  it('the same page without the bootstrap shows loading first, then the variant (the flicker the test sees)', async () => {
    const context = await env.browser.newContext();
    await routeFlagsPage(context, project);
    const texts = await heroTextsOnceAnswered(await context.newPage(), `${project.url}/e2e/flags/control`);
    await context.close();
    expect(texts).toEqual(['loading', `variant ${VARIANT}`]);
  }, 60_000);

  it('reading the flag (at load, and again on every change) sends $feature_flag_called once', async () => {
    const context = await env.browser.newContext();
    await routeFlagsPage(context, project);
    const sent = sentEvents(context);
    const page = await context.newPage();
    await heroTextsOnceAnswered(page, `${project.url}/e2e/flags/bootstrap`);
    // Another read, then an event after it: once that event went out, every exposure queued before it did.
    await page.evaluate(() => {
      const client = (window as unknown as { client: { flags?: { get(key: string): unknown }; track(name: string): void } }).client;
      client.flags?.get('hero');
      client.track('flags-e2e-done');
    });
    await pollUntil(
      () => Promise.resolve(sent.map((e) => e.event_name)),
      (names) => names.includes('flags-e2e-done'),
    );
    await context.close();
    const exposures = sent.filter((e: TrackedEvent) => e.event_name === '$feature_flag_called');
    expect(exposures).toHaveLength(1);
    expect(exposures[0]?.str_properties).toMatchObject({ $feature_flag: FLAG_KEY, $feature_flag_response: VARIANT, [`$feature/${FLAG_KEY}`]: VARIANT });
  }, 60_000);
});
