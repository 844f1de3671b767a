import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { TrackedEvent } from '@northstar/core';
import { describe, expect, it } from 'vitest';
import { routeCapturePage } from './harness/capture-page.js';
import { sentEvents, useCliAndChromium } from './harness/cli-and-chromium.js';
import { hasChromium, requireOrSkip } from './harness/environment.js';
import { pollUntil } from './harness/poll.js';
import { totalToday } from './harness/query.js';
import { sleep } from './harness/sdk-page.js';
import { missingEvents } from './harness/stored-events.js';

const runs = requireOrSkip('Chromium', hasChromium, 'apt-get install -y chromium');
/** Every secret typed into the page starts with this; none may reach the database. */
const SECRET = 's3cr3t';

describe.runIf(runs)('autocapture in Chromium against the built server on its SQLite file', () => {
  const env = useCliAndChromium('northstar-capture-');

  it('captures real clicks, scrolls, history navigation and a form submit with their documented fields, and never a typed secret', async () => {
    const demo = env.server.demo;
    const context = await env.browser.newContext({ viewport: { width: 1000, height: 800 } });
    await routeCapturePage(context, demo);
    const sent = sentEvents(context);
    // The last events leave by sendBeacon as the form navigates: the wrapper notes each body where the next page can read it.
    await context.addInitScript(() => {
      const send = navigator.sendBeacon.bind(navigator);
      navigator.sendBeacon = (url, data) => {
        const seen = JSON.parse(sessionStorage.getItem('beacons') ?? '[]') as string[];
        sessionStorage.setItem('beacons', JSON.stringify([...seen, typeof data === 'string' ? data : '']));
        return send(url, data);
      };
    });
    const page = await context.newPage();
    await page.goto(`${demo.url}/e2e/capture/first`);
    await page.click('#buy');
    await page.click('#blocked');
    for (let i = 0; i < 12; i++) {
      await page.mouse.wheel(0, 500);
      await sleep(50);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.click('#spa');
    await pollUntil(
      () => Promise.resolve(page.url()),
      (url) => url.endsWith('/second'),
    );
    await page.goBack();
    await pollUntil(
      () => Promise.resolve(page.url()),
      (url) => url.endsWith('/first'),
    );

    await page.click('input[name=text_field]');
    await page.keyboard.type(`${SECRET}-text`);
    await page.click('input[name=password_field]');
    await page.keyboard.type(`${SECRET}-password`);
    await page.click('input[name=email_field]');
    await page.keyboard.type(`${SECRET}-email@example.com`);
    await page.click('textarea');
    await page.keyboard.type(`${SECRET}-textarea`);
    await page.selectOption('select', `${SECRET}-select-value`);
    await page.click('#editable');
    await page.keyboard.type(`${SECRET}-editable`);
    await page.evaluate((s) => ((document.querySelector('input[type=hidden]') as HTMLInputElement).value = `${s}-hidden`), SECRET);
    await Promise.all([page.waitForURL('**/e2e/capture/done'), page.click('#send')]);
    await pollUntil(
      () => totalToday(demo, '$pageview'),
      (n) => n >= 4,
    );
    await pollUntil(
      () => totalToday(demo, '$form_submit'),
      (n) => n >= 1,
    );
    const beacons = await page.evaluate(() => JSON.parse(sessionStorage.getItem('beacons') ?? '[]') as string[]);
    for (const body of beacons) sent.push(...(JSON.parse(body) as { batch: TrackedEvent[] }).batch);
    await context.close();
    const uuids = new Set<string>();
    const unique = sent.filter((e) => !uuids.has(e.uuid ?? '') && uuids.add(e.uuid ?? ''));
    sent.splice(0, sent.length, ...unique.sort((a, b) => Date.parse(a.timestamp ?? '') - Date.parse(b.timestamp ?? '')));

    const named = (name: string) => sent.filter((e) => e.event_name === name);
    const flow = sent.filter((e) => e.event_name === '$pageview' || e.event_name === '$pageleave').map((e) => `${e.event_name} ${e.str_properties?.$pathname}`);
    expect(flow).toEqual([
      '$pageview /e2e/capture/first',
      '$pageleave /e2e/capture/first',
      '$pageview /e2e/capture/second',
      '$pageleave /e2e/capture/second',
      '$pageview /e2e/capture/first',
      '$pageleave /e2e/capture/first',
      '$pageview /e2e/capture/done',
    ]);
    const [firstLeave] = named('$pageleave');
    expect(firstLeave?.num_properties?.$max_scroll).toBe(100);
    expect(firstLeave?.num_properties?.$time_on_page).toBeGreaterThan(0);

    expect(named('$scroll_depth').map((e) => e.num_properties?.$depth)).toEqual([25, 50, 75, 100]);

    const clicks = named('$click').map((e) => e.str_properties ?? {});
    expect(clicks[0]).toMatchObject({ $el_tag: 'button', $el_id: 'buy', $el_classes: 'cta primary', $el_text: 'Buy visible-marker', $el_selector: '#buy' });
    expect(clicks.find((c) => c.$el_id === 'spa')).toMatchObject({ $el_tag: 'a', $el_href: `${demo.url}/e2e/capture/second`, $el_text: 'second page' });
    expect(clicks.map((c) => c.$el_name ?? c.$el_id)).toEqual(['buy', 'spa', 'text_field', 'email_field', 'textarea_field', 'editable', 'send']);

    expect(named('$form_submit')[0]?.str_properties).toMatchObject({
      $form_id: 'signup',
      $form_name: 'signup',
      $form_action: '/e2e/capture/done',
      $form_method: 'post',
      $form_fields: '["text_field","password_field","email_field","hidden_field","textarea_field","select_field"]',
    });
    expect(
      await missingEvents(
        `sqlite:${join(env.dataDir, 'data.db')}`,
        demo.project_id,
        sent.map((e) => e.uuid ?? ''),
      ),
    ).toEqual([]);

    // The database files themselves, byte for byte (the WAL included): the visible text is there, no secret and nothing blocked is.
    const files = (await readdir(env.dataDir)).filter((f) => f.startsWith('data.db'));
    const bytes = (await Promise.all(files.map((f) => readFile(join(env.dataDir, f))))).map((b) => b.toString('latin1')).join('');
    expect(bytes).toContain('visible-marker');
    expect(bytes).not.toContain(SECRET);
    expect(bytes).not.toContain('blocked-click-marker');
  });

  it('follows the autocapture option of the CDN script: each capture off with false', async () => {
    const demo = env.server.demo;
    const context = await env.browser.newContext({ viewport: { width: 1000, height: 800 } });
    await routeCapturePage(context, demo, { autocapture: { clicks: false, scroll: false } });
    const sent = sentEvents(context);
    const page = await context.newPage();
    await page.goto(`${demo.url}/e2e/capture/options`);
    await page.click('#buy');
    for (let i = 0; i < 12; i++) await page.mouse.wheel(0, 500);
    await page.click('#spa');
    await pollUntil(
      () => Promise.resolve(sent),
      (events) => events.filter((e) => e.event_name === '$pageview').length >= 2,
    );
    await context.close();
    const names = sent.map((e) => e.event_name);
    const autocaptured = new Set(['$pageview', '$pageleave', '$click', '$scroll_depth', '$form_submit']);
    expect(names.filter((n) => autocaptured.has(n))).toEqual(['$pageview', '$pageleave', '$pageview']);
  });
});
