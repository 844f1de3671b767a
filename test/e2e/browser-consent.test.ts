import { describe, expect, it } from 'vitest';
import { hasChromium, requireOrSkip } from './harness/environment.js';
import { pollUntil } from './harness/poll.js';
import { push, routeSdkPage, sdkKeys, sleep, trackMany } from './harness/sdk-page.js';
import { useServerAndChromium } from './harness/server-and-chromium.js';
import { totalToday } from './harness/query.js';

const runs = requireOrSkip('Chromium', hasChromium, 'apt-get install -y chromium');

describe.runIf(runs)('the browser SDK with consentRequired, in Chromium against the built server', () => {
  const env = useServerAndChromium();

  it('sends nothing and stores nothing before consent, then delivers the buffer with its original times', async () => {
    const context = await env.browser.newContext();
    await routeSdkPage(context, env.server.demo, { consentRequired: true, flushInterval: 300, flushSize: 1 });
    const page = await context.newPage();
    const api: string[] = [];
    const bodies: string[] = [];
    context.on('request', (r) => {
      if (!r.url().includes('/v1/')) return;
      api.push(r.url());
      bodies.push(r.postData() ?? '');
    });
    await page.goto(`${env.server.demo.url}/e2e/consent`);
    await trackMany(page, 'before_consent', 3);
    await push(page, 'identify', 'user-1');
    await sleep(2000);
    expect(api).toEqual([]);
    expect(await sdkKeys(page)).toEqual([]);
    expect(await page.evaluate(() => document.cookie)).toBe('');

    const grantedAt = Date.now();
    await push(page, 'grantConsent');
    await pollUntil(
      () => totalToday(env.server.demo, 'before_consent'),
      (n) => n >= 3,
    );
    expect(await totalToday(env.server.demo, 'before_consent')).toBe(3);
    expect(await sdkKeys(page)).toEqual(expect.arrayContaining([`ns_${env.server.demo.pk}_consent`, `ns_${env.server.demo.pk}_ids`]));
    expect(api.some((u) => u.endsWith('/v1/identify'))).toBe(true);
    const sent = bodies.flatMap((b) => (b.includes('"batch"') ? (JSON.parse(b) as { batch: { event_name: string; timestamp: string }[] }).batch : []));
    const times = sent.filter((e) => e.event_name === 'before_consent').map((e) => Date.parse(e.timestamp));
    expect(times).toHaveLength(3);
    for (const t of times) expect(t).toBeLessThan(grantedAt - 1500);
    await context.close();
  });

  it('revokeConsent removes every SDK key and stops sending', async () => {
    const context = await env.browser.newContext();
    await routeSdkPage(context, env.server.demo, { consentRequired: true, flushInterval: 300 });
    const page = await context.newPage();
    await page.goto(`${env.server.demo.url}/e2e/revoke`);
    await push(page, 'grantConsent');
    await trackMany(page, 'granted', 1);
    await pollUntil(
      () => totalToday(env.server.demo, 'granted'),
      (n) => n >= 1,
    );
    await page.evaluate(() => localStorage.setItem('host-app', 'kept'));
    await push(page, 'revokeConsent');
    await trackMany(page, 'after_revoke', 2);
    await sleep(1500);
    expect(await sdkKeys(page)).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('host-app'))).toBe('kept');
    expect(await totalToday(env.server.demo, 'after_revoke')).toBe(0);
    await context.close();
  });
});
