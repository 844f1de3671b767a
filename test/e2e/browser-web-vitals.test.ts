import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sentEvents, useCliAndChromium } from './harness/cli-and-chromium.js';
import { hasChromium, requireOrSkip } from './harness/environment.js';
import { pollUntil } from './harness/poll.js';
import { totalToday } from './harness/query.js';
import { sleep } from './harness/sdk-page.js';
import { missingEvents } from './harness/stored-events.js';
import { routeVitalsPage } from './harness/vitals-page.js';

const runs = requireOrSkip('Chromium', hasChromium, 'apt-get install -y chromium');

describe.runIf(runs)('web vitals in Chromium against the built server on its SQLite file', () => {
  const env = useCliAndChromium('northstar-vitals-');

  it('loads web-vitals lazily and sends one $web_vitals per page view with LCP, FCP, TTFB, CLS and INP and their attribution', async () => {
    const demo = env.server.demo;
    const context = await env.browser.newContext({ viewport: { width: 1000, height: 800 } });
    await routeVitalsPage(context, demo);
    const sent = sentEvents(context);
    const scripts: string[] = [];
    context.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const page = await context.newPage();
    await page.goto(`${demo.url}/e2e/vitals/first`);
    await page.waitForFunction(() => document.body.textContent?.includes('late banner'));
    await sleep(300);
    await page.click('#slow');
    // Headless Chromium never hides a page (nor runs idle callbacks after an input, where web-vitals would
    // settle INP): the page is made hidden as a tab switch would. web-vitals settles its metrics on it, then
    // the plugin sends its event, then the SDK sends its queue.
    await sleep(300);
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    });
    // A single-page navigation begins a new page view, whose metrics are the ones reported during it.
    await page.evaluate(() => history.pushState(null, '', '/e2e/vitals/second'));
    await pollUntil(
      () => totalToday(demo, '$web_vitals'),
      (n) => n >= 1,
    );
    await context.close();

    expect(scripts).toContain('/e2e/vitals/lib/web-vitals/web-vitals.attribution.js');
    const flow = sent
      .filter((e) => e.event_name === '$pageview' || e.event_name === '$web_vitals')
      .map((e) => `${e.event_name} ${e.str_properties?.$pathname}`);
    expect(flow).toEqual(['$pageview /e2e/vitals/first', '$web_vitals /e2e/vitals/first', '$pageview /e2e/vitals/second']);
    expect(sent.filter((e) => e.event_name === '$web_vitals')).toHaveLength(1);
    const vitals = sent.find((e) => e.event_name === '$web_vitals');
    const num = vitals?.num_properties ?? {};
    for (const metric of ['$lcp', '$fcp', '$ttfb', '$inp']) expect(num[metric], metric).toBeGreaterThan(0);
    expect(num.$inp).toBeGreaterThanOrEqual(100);
    expect(num.$cls).toBeGreaterThan(0);
    expect(vitals?.str_properties).toMatchObject({
      $lcp_element: '#hero',
      $lcp_url: `${demo.url}/e2e/vitals/hero.svg`,
      $inp_target: '#slow',
      $inp_type: 'pointer',
      $cls_largest_shift_target: expect.stringMatching(/^#(text|slow)$/) as unknown,
    });
    expect(
      await missingEvents(
        `sqlite:${join(env.dataDir, 'data.db')}`,
        demo.project_id,
        sent.map((e) => e.uuid ?? ''),
      ),
    ).toEqual([]);
  });
});
