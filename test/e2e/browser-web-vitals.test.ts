import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import type { TrackedEvent } from '@northstar/core';
import { describe, expect, it } from 'vitest';
import { sentEvents, useCliAndChromium } from './harness/cli-and-chromium.js';
import { hasChromium, requireOrSkip } from './harness/environment.js';
import { pollUntil } from './harness/poll.js';
import { sleep } from './harness/sdk-page.js';
import { missingEvents } from './harness/stored-events.js';
import { routeVitalsPage } from './harness/vitals-page.js';

const runs = requireOrSkip('Chromium', hasChromium, 'apt-get install -y chromium');

/** The paths of the scripts the context's pages request, in order. */
function scriptRequests(context: BrowserContext): string[] {
  const scripts: string[] = [];
  context.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

/**
 * A page view with every metric (the hero image, the late banner's shift, a slow click), then the page is
 * hidden, then a single-page navigation. Headless Chromium never hides a page (nor runs idle callbacks after
 * an input, where web-vitals would settle INP): the page is made hidden as a tab switch would. web-vitals
 * settles its metrics on it, then the plugin sends its event, then the SDK sends its queue.
 */
async function vitalsSession(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => document.body.textContent?.includes('late banner'));
  // The hero is the LCP only once painted before the first input (which ends LCP): on a loaded machine
  // the image can come after the text, so the session waits for Chromium's LCP entry of the hero.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        new PerformanceObserver((list) => {
          if (list.getEntries().some((entry) => (entry as LargestContentfulPaint).element?.id === 'hero')) resolve();
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  await sleep(300);
  await page.click('#slow');
  await sleep(300);
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  });
  // A single-page navigation begins a new page view, whose metrics are the ones reported during it.
  await page.evaluate((path) => history.pushState(null, '', path), new URL(url).pathname.replace(/[^/]+$/, 'second'));
}

/** The `$pageview` / `$web_vitals` flow of `sent`, as `<event> <pathname>`. */
const flow = (sent: TrackedEvent[]): string[] =>
  sent.filter((e) => e.event_name === '$pageview' || e.event_name === '$web_vitals').map((e) => `${e.event_name} ${e.str_properties?.$pathname}`);

/** Every metric and its attribution, as the test page makes them. */
function expectEveryMetric(vitals: TrackedEvent | undefined, origin: string): void {
  const num = vitals?.num_properties ?? {};
  for (const metric of ['$lcp', '$fcp', '$ttfb', '$inp']) expect(num[metric], metric).toBeGreaterThan(0);
  expect(num.$inp).toBeGreaterThanOrEqual(100);
  expect(num.$cls).toBeGreaterThan(0);
  expect(vitals?.str_properties).toMatchObject({
    $lcp_element: '#hero',
    $lcp_url: `${origin}/e2e/vitals/hero.svg`,
    $inp_target: '#slow',
    $inp_type: 'pointer',
    $cls_largest_shift_target: expect.stringMatching(/^#(text|slow)$/) as unknown,
  });
}

describe.runIf(runs)('web vitals in Chromium against the built server on its SQLite file', () => {
  const env = useCliAndChromium('northstar-vitals-');
  const stored = (sent: TrackedEvent[]) =>
    missingEvents(
      `sqlite:${join(env.dataDir, 'data.db')}`,
      env.server.demo.project_id,
      sent.map((e) => e.uuid ?? ''),
    );

  it('loads web-vitals lazily and sends one $web_vitals per page view with LCP, FCP, TTFB, CLS and INP and their attribution', async () => {
    const demo = env.server.demo;
    const context = await env.browser.newContext({ viewport: { width: 1000, height: 800 } });
    await routeVitalsPage(context, demo);
    const sent = sentEvents(context);
    const scripts = scriptRequests(context);
    await vitalsSession(await context.newPage(), `${demo.url}/e2e/vitals/first`);
    await pollUntil(
      () => Promise.resolve(flow(sent)),
      (f) => f.length >= 3,
    );
    await context.close();

    expect(scripts).toContain('/e2e/vitals/lib/web-vitals/web-vitals.attribution.js');
    expect(flow(sent)).toEqual(['$pageview /e2e/vitals/first', '$web_vitals /e2e/vitals/first', '$pageview /e2e/vitals/second']);
    expectEveryMetric(
      sent.find((e) => e.event_name === '$web_vitals'),
      demo.url,
    );
    await pollUntil(
      () => stored(sent),
      (missing) => missing.length === 0,
    );
  });

  it('the CDN script loads its web-vitals chunk only once the SDK runs, by a script with its CSP nonce, and sends the same $web_vitals', async () => {
    const demo = env.server.demo;
    const context = await env.browser.newContext({ viewport: { width: 1000, height: 800 } });
    await routeVitalsPage(context, demo);
    const sent = sentEvents(context);
    const scripts = scriptRequests(context);
    const page = await context.newPage();
    await vitalsSession(page, `${demo.url}/e2e/vitals/cdn/on`);
    await pollUntil(
      () => Promise.resolve(flow(sent)),
      (f) => f.length >= 3,
    );
    // The strict CSP is in force: the page's inline script without the nonce did not run.
    expect(await page.evaluate(() => 'unsafeRan' in window)).toBe(false);
    await context.close();

    expect(scripts).toEqual(['/sdk/northstar.js', '/sdk/web-vitals.js']);
    expect(flow(sent)).toEqual(['$pageview /e2e/vitals/cdn/on', '$web_vitals /e2e/vitals/cdn/on', '$pageview /e2e/vitals/cdn/second']);
    expectEveryMetric(
      sent.find((e) => e.event_name === '$web_vitals'),
      demo.url,
    );
    await pollUntil(
      () => stored(sent),
      (missing) => missing.length === 0,
    );
  });

  it('the CDN script never requests the chunk with webVitals: false', async () => {
    const demo = env.server.demo;
    const context = await env.browser.newContext({ viewport: { width: 1000, height: 800 } });
    await routeVitalsPage(context, demo);
    const sent = sentEvents(context);
    const scripts = scriptRequests(context);
    await vitalsSession(await context.newPage(), `${demo.url}/e2e/vitals/cdn/off`);
    await pollUntil(
      () => Promise.resolve(flow(sent)),
      (f) => f.length >= 2,
    );
    await sleep(500);
    await context.close();

    expect(scripts).toEqual(['/sdk/northstar.js']);
    expect(flow(sent)).toEqual(['$pageview /e2e/vitals/cdn/off', '$pageview /e2e/vitals/cdn/second']);
  });
});
