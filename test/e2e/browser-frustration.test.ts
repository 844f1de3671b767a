import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, requireOrSkip } from './harness/environment.js';
import { pollUntil } from './harness/poll.js';
import { totalToday } from './harness/query.js';
import { sleep } from './harness/sdk-page.js';
import { useServerAndChromium } from './harness/server-and-chromium.js';
import type { DemoProject } from './harness/server.js';

const runs = requireOrSkip('Chromium', hasChromium, 'apt-get install -y chromium');

/** The planted cases: each element's id says what it is. */
const BODY = `<button id="rage">More</button> <button id="dead">Does nothing</button> <button id="error">Fails</button>
<input id="stepper" type="number" value="1"> <div id="select-me" role="button" style="cursor: pointer">double click to select these words</div>
<div id="shaky" style="height: 120px">shake the mouse here</div> <div data-sdk-no-capture><button id="private">Private</button></div> <a id="next" href="/e2e/next">next</a>
<script>
document.getElementById('rage').addEventListener('click', () => document.body.append('.'));
document.getElementById('error').addEventListener('click', () => setTimeout(() => { throw new Error('planted failure'); }));
</script>`;

/** Serves the planted page at `<server>/e2e/**`, with the real CDN script (frustration on by default). */
async function routePlantedPage(context: BrowserContext, demo: DemoProject): Promise<void> {
  const config = JSON.stringify({ key: demo.pk, endpoint: demo.url, autocapture: false, flushInterval: 200 });
  await context.route(`${demo.url}/e2e/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html><head><meta charset="utf-8"><title>e2e</title>
<script>window.northstar = window.northstar || []; northstar.push(['init', ${config}]);</script>
<script src="/sdk/northstar.debug.js"></script></head><body>${BODY}</body></html>`,
    }),
  );
}

interface SentEvent {
  event_name: string;
  str_properties?: Record<string, string>;
}

describe.runIf(runs)('frustration signals in Chromium against the built server', () => {
  const env = useServerAndChromium();

  it(
    'fires rage, dead and error clicks on planted cases, and stays silent on a stepper, a text selection, a navigating link and inside data-sdk-no-capture',
    { timeout: 60_000 },
    async () => {
      const demo = env.server.demo;
      const context = await env.browser.newContext();
      await routePlantedPage(context, demo);
      const sent: SentEvent[] = [];
      context.on('requestfinished', (request) => {
        void request.response().then((response) => {
          if (!request.url().endsWith('/v1/track') || !response?.ok()) return;
          sent.push(...(JSON.parse(request.postData() ?? '{}') as { batch: SentEvent[] }).batch);
        });
      });
      const page = await context.newPage();
      await page.goto(`${demo.url}/e2e/frustration`);

      // A click is dead only if nothing at all changes on the page for 2.5 s: the other cases come after.
      await page.click('#dead');
      await sleep(1000);
      // This press moves the focus off #dead: the user's doing, not the page's, so #dead stays dead.
      await page.click('#error');
      await sleep(3000);
      await page.click('#rage');
      await page.click('#rage');
      await page.click('#rage');
      for (let i = 0; i < 5; i++) await page.click('#stepper', { position: { x: 5, y: 5 } });
      await page.dblclick('#select-me', { position: { x: 20, y: 5 } });
      await sleep(3000);
      for (let i = 0; i < 3; i++) await page.click('#private');
      expect(await page.evaluate(() => String(getSelection()))).not.toBe('');
      await sleep(3500);
      await Promise.all([page.waitForURL('**/e2e/next'), page.click('#next')]);
      await sleep(3500);
      await page.evaluate(() => (window as unknown as { northstar: { push(c: unknown[]): void } }).northstar.push(['flush']));

      await pollUntil(
        () => totalToday(demo, '$errorclick'),
        (n) => n >= 1,
      );
      await pollUntil(
        () => totalToday(demo, '$deadclick'),
        (n) => n >= 1,
      );
      const where = (name: string): (string | undefined)[] => sent.filter((e) => e.event_name === name).map((e) => e.str_properties?.$el_selector);
      expect(where('$rageclick')).toEqual(['#rage']);
      expect(where('$errorclick')).toEqual(['#error']);
      expect(sent.find((e) => e.event_name === '$errorclick')?.str_properties?.$error_message).toContain('planted failure');
      // The error button changes nothing on the page either: it is also a dead click.
      expect(where('$deadclick').sort()).toEqual(['#dead', '#error']);
      expect(where('$erratic_cursor')).toEqual([]);
      expect(await totalToday(demo, '$rageclick')).toBe(1);
      expect(await totalToday(demo, '$errorclick')).toBe(1);
      expect(await totalToday(demo, '$deadclick')).toBe(2);
      await context.close();
    },
  );

  it('sends $erratic_cursor after the mouse reverses direction 20 times within 2 s', async () => {
    const demo = env.server.demo;
    const context = await env.browser.newContext();
    await routePlantedPage(context, demo);
    const page = await context.newPage();
    await page.goto(`${demo.url}/e2e/erratic`);
    const box = await page.locator('#shaky').boundingBox();
    if (!box) throw new Error('#shaky is not laid out');
    for (let i = 0; i < 24; i++) await page.mouse.move(box.x + (i % 2 ? 40 : 80), box.y + 60);
    await page.evaluate(() => (window as unknown as { northstar: { push(c: unknown[]): void } }).northstar.push(['flush']));
    expect(
      await pollUntil(
        () => totalToday(demo, '$erratic_cursor'),
        (n) => n >= 1,
      ),
    ).toBe(1);
    await context.close();
  });
});
