import { describe, expect, it } from 'vitest';
import { hasChromium, requireOrSkip } from './harness/environment.js';
import { pollUntil } from './harness/poll.js';
import { uniqToday } from './harness/query.js';
import { useServerAndChromium } from './harness/server-and-chromium.js';

const runs = requireOrSkip('Chromium', hasChromium, 'apt-get install -y chromium');

describe.runIf(runs)('the demo page of `npm start`, loaded in Chromium', () => {
  const env = useServerAndChromium();

  it('stores a pageview that the uniq query then counts', async () => {
    expect(await uniqToday(env.server.demo, '$pageview')).toBe(0);
    const page = await env.browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) pageErrors.push(message.text());
    });
    await page.goto(env.server.demo.url);

    const counted = await pollUntil(
      () => uniqToday(env.server.demo, '$pageview'),
      (n) => n > 0,
    );

    expect(counted).toBe(1);
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('serves the built CDN script, also under a versioned, immutable path', async () => {
    const { version } = (await import('@northstar/browser/package.json', { with: { type: 'json' } })).default;
    const latest = await fetch(`${env.server.demo.url}/sdk/northstar.js`);
    const pinned = await fetch(`${env.server.demo.url}/sdk/${version}/northstar.min.js`);

    expect(latest.status).toBe(200);
    expect(latest.headers.get('content-type')).toMatch(/javascript/);
    expect(pinned.headers.get('cache-control')).toContain('immutable');
    expect(await pinned.text()).toBe(await latest.text());
  });

  it('publishes an SRI hash that Chromium accepts for the pinned script, and a wrong one it refuses', async () => {
    const { path, integrity } = (await (await fetch(`${env.server.demo.url}/sdk/integrity.json`)).json()) as { path: string; integrity: string };
    const page = await env.browser.newPage();
    // A page whose CSP lets it load scripts of its own origin (JSON answers allow nothing: default-src 'none').
    await page.goto(`${env.server.demo.url}/docs`);
    const load = (hash: string) =>
      page.evaluate(
        ([src, sri]) =>
          new Promise<string>((resolve) => {
            const script = document.createElement('script');
            Object.assign(script, { src, integrity: sri, crossOrigin: 'anonymous' });
            script.onload = () => resolve('loaded');
            script.onerror = () => resolve('refused');
            document.head.append(script);
          }),
        [`/${path}`, hash],
      );

    expect(await load(integrity)).toBe('loaded');
    expect(await load(`sha384-${'A'.repeat(64)}`)).toBe('refused');
    await page.close();
  });

  it('embeds the public key in the demo page (its script /demo.js) and never the secret key', async () => {
    const html = await (await fetch(`${env.server.demo.url}/`)).text();
    const script = await (await fetch(`${env.server.demo.url}/demo.js`)).text();
    expect(script).toContain(env.server.demo.pk);
    expect(html + script).not.toContain(env.server.demo.sk);
  });
});
