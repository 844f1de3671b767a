import type { BrowserContext, Page } from 'playwright-core';
import type { DemoProject } from './server.js';

/**
 * Serves a small HTML page at `<server>/e2e/<name>` from the test itself (same origin as the server,
 * like the recommended first-party mount): it loads the real SDK by script tag from
 * `/sdk/northstar.debug.js` and runs `init` with `options` (the demo `pk_` key and endpoint added).
 */
export async function routeSdkPage(context: BrowserContext, demo: DemoProject, options: Record<string, unknown> = {}): Promise<void> {
  const config = JSON.stringify({ key: demo.pk, endpoint: demo.url, autocapture: false, ...options });
  await context.route(`${demo.url}/e2e/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html><head><meta charset="utf-8"><title>e2e</title>
<script>window.northstar = window.northstar || []; northstar.push(['init', ${config}]);</script>
<script src="/sdk/northstar.debug.js"></script></head><body><a id="next" href="/e2e/next">next</a></body></html>`,
    }),
  );
}

/** Runs `northstar.push([command, ...args])` in the page. */
export function push(page: Page, ...command: unknown[]): Promise<void> {
  return page.evaluate((c) => void (window as unknown as { northstar: { push(c: unknown[]): void } }).northstar.push(c), command);
}

/** Tracks `count` events named `name` in the page. */
export function trackMany(page: Page, name: string, count: number): Promise<void> {
  return page.evaluate(
    ([n, k]) => {
      const ns = (window as unknown as { northstar: { push(c: unknown[]): void } }).northstar;
      for (let i = 0; i < k; i++) ns.push(['track', n, { i }]);
    },
    [name, count] as const,
  );
}

/** The SDK's localStorage keys in the page. */
export function sdkKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('ns_')));
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
