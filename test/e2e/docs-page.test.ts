import { describe, expect, it } from 'vitest';
import { hasChromium, requireOrSkip } from './harness/environment.js';
import { useServerAndChromium } from './harness/server-and-chromium.js';

const runs = requireOrSkip('Chromium', hasChromium, 'apt-get install -y chromium');

describe.runIf(runs)('the interactive API reference at /docs, in Chromium', () => {
  const env = useServerAndChromium();

  it('renders every operation of /v1/openapi.json from assets the server serves itself, without CSP errors', async () => {
    const base = new URL(env.server.demo.url);
    const res = await fetch(`${base.origin}/v1/openapi.json`);
    const spec = (await res.json()) as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.values(spec.paths).reduce((sum, path) => sum + Object.keys(path).length, 0);

    const page = await env.browser.newPage();
    const requested: string[] = [];
    const problems: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(message.text());
    });
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(`${base.origin}/docs`);
    await page.waitForFunction((expected) => document.querySelectorAll('.operation').length >= expected, operations, { timeout: 30_000 });

    expect(await page.locator('.operation').count()).toBe(operations);
    // "Try it" on the OpenAPI document's own operation sends it to this server.
    const openapi = page.locator('.operation', { has: page.locator('.path', { hasText: /^\/v1\/openapi\.json$/ }) });
    await openapi.locator(':scope > summary').click();
    await openapi.locator('button.send').click();
    await page.waitForFunction(() => /^200 /.test([...document.querySelectorAll('.result')].map((node) => node.textContent).join('')), undefined, {
      timeout: 10_000,
    });
    expect(requested.filter((url) => url.endsWith('/v1/openapi.json'))).toHaveLength(2);
    expect(requested.filter((url) => new URL(url).origin !== base.origin && !url.startsWith('data:'))).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
