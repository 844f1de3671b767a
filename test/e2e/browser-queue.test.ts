import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, requireOrSkip } from './harness/environment.js';
import { pollUntil } from './harness/poll.js';
import { push, routeSdkPage, sdkKeys, sleep, trackMany } from './harness/sdk-page.js';
import { useServerAndChromium } from './harness/server-and-chromium.js';
import { totalToday } from './harness/query.js';

const runs = requireOrSkip('Chromium', hasChromium, 'apt-get install -y chromium');

describe.runIf(runs)('the browser SDK queue, in Chromium against the built server', () => {
  const env = useServerAndChromium();
  const total = (event: string): Promise<number> => totalToday(env.server.demo, event);
  /** Polls until `event` counts `expected`, then checks it still does a few seconds later (no late duplicates). */
  const settlesAt = async (event: string, expected: number): Promise<void> => {
    await pollUntil(
      () => total(event),
      (n) => n >= expected,
      20_000,
    );
    await sleep(3000);
    expect(await total(event)).toBe(expected);
  };

  it('delivers events tracked right before a navigation, by sendBeacon, once', async () => {
    const context = await env.browser.newContext();
    await routeSdkPage(context, env.server.demo, { flushInterval: 60_000, flushSize: 1000 });
    // The real sendBeacon still sends; the wrapper only notes each call where the next page can read it
    // (Playwright does not report requests a page makes while it unloads).
    await context.addInitScript(() => {
      const send = navigator.sendBeacon.bind(navigator);
      navigator.sendBeacon = (url, data) => {
        const ok = send(url, data);
        const seen = JSON.parse(sessionStorage.getItem('beacons') ?? '[]') as unknown[];
        sessionStorage.setItem('beacons', JSON.stringify([...seen, { url, type: typeof data, body: typeof data === 'string' ? data : '', ok }]));
        return ok;
      };
    });
    const page = await context.newPage();
    const fetched: Request[] = [];
    context.on('request', (r) => void (r.url().endsWith('/v1/track') && fetched.push(r)));
    await page.goto(`${env.server.demo.url}/e2e/start`);
    await trackMany(page, 'before_nav', 3);
    await page.click('#next');
    await page.waitForURL('**/e2e/next');
    await settlesAt('before_nav', 3);
    const beacons = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem('beacons') ?? '[]') as { url: string; type: string; body: string; ok: boolean }[],
    );
    expect(beacons).toHaveLength(1);
    expect(beacons[0]).toMatchObject({ url: `${env.server.demo.url}/v1/track`, type: 'string', ok: true });
    expect(beacons[0]?.body).toContain(`"api_key":"${env.server.demo.pk}"`);
    expect(fetched.filter((r) => r.postData()?.includes('before_nav'))).toEqual([]);
    await context.close();
  });

  it('delivers events queued while offline after reconnecting and a reload', async () => {
    const context = await env.browser.newContext();
    await routeSdkPage(context, env.server.demo, { flushInterval: 500 });
    const page = await context.newPage();
    await page.goto(`${env.server.demo.url}/e2e/offline`);
    await context.setOffline(true);
    await trackMany(page, 'offline_evt', 5);
    await push(page, 'flush');
    await sleep(1500);
    expect(await total('offline_evt')).toBe(0);
    expect((await sdkKeys(page)).some((k) => k.includes('_q.'))).toBe(true);
    await context.setOffline(false);
    await page.reload();
    await settlesAt('offline_evt', 5);
    await context.close();
  });

  it('two tabs sharing one queue deliver each event exactly once, including a closed tab’s events', async () => {
    const context = await env.browser.newContext();
    await routeSdkPage(context, env.server.demo, { flushInterval: 500 });
    const [a, b] = [await context.newPage(), await context.newPage()];
    await Promise.all([a.goto(`${env.server.demo.url}/e2e/a`), b.goto(`${env.server.demo.url}/e2e/b`)]);
    await context.setOffline(true);
    await trackMany(a, 'two_tabs', 4);
    await trackMany(b, 'two_tabs', 3);
    await sleep(1500);
    await a.close();
    await context.setOffline(false);
    const c = await context.newPage();
    await c.goto(`${env.server.demo.url}/e2e/c`);
    await settlesAt('two_tabs', 7);
    expect(await c.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('_q.')))).toEqual([]);
    await context.close();
  });
});
