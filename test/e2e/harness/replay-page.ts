import type { BrowserContext, Page } from 'playwright-core';
import type { DemoProject } from './server.js';

/** Text the replayed page must show, and values or text it must never carry. */
export const REPLAY_MARKERS = {
  visible: 'visible-replay-marker',
  typed: 'typed-secret-value',
  scripted: 'scripted-secret-value',
  hidden: 'csrf-token-secret',
  password: 'password-secret',
  textarea: 'textarea-secret',
  /** An option of the select: page text, while which option is picked is not recorded. */
  selected: 'picked-option',
  blocked: 'blocked-replay-marker',
  blockedData: 'data-blocked-replay-marker',
  customBlocked: 'custom-blocked-replay-marker',
} as const;

const M = REPLAY_MARKERS;

/** The body of the replay test page: visible text, every kind of field with a value, and three blocked parts. */
const BODY = `<h1 id="title">${M.visible}</h1>
<form>
  <input id="typed" type="text">
  <input id="scripted" type="text">
  <input id="hidden" type="hidden" value="${M.hidden}">
  <input id="password" type="password">
  <textarea id="notes">${M.textarea}</textarea>
  <select id="choice"><option value="">pick</option><option value="${M.selected}">${M.selected}</option></select>
</form>
<div class="sdk-no-capture"><p>${M.blocked}</p></div>
<div data-sdk-no-capture><p>${M.blockedData}</p></div>
<section id="custom"><p>${M.customBlocked}</p></section>
<a id="next" href="/e2e/replay/second">second page</a>`;

/**
 * Serves the replay test page at `<server>/e2e/replay/**`, loading the real SDK by script tag from
 * `/sdk/northstar.debug.js` (which sets up the replay plugin and loads `/sdk/replay.js` for sampled
 * sessions) with page views only, chunks every 300 ms, and `replay` options merged over that.
 */
export async function routeReplayPage(
  context: BrowserContext,
  demo: DemoProject,
  replay: Record<string, unknown> = {},
  options: Record<string, unknown> = {},
): Promise<void> {
  const config = JSON.stringify({
    key: demo.pk,
    endpoint: demo.url,
    autocapture: { pageViews: true, clicks: false, forms: false, scroll: false },
    flushInterval: 200,
    replay: { flushInterval: 300, ...replay },
    ...options,
  });
  await context.route(`${demo.url}/e2e/replay/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html><head><meta charset="utf-8"><title>replay</title>
<script>window.northstar = window.northstar || []; northstar.push(['init', ${config}]);</script>
<script src="/sdk/northstar.debug.js"></script></head><body>${BODY}</body></html>`,
    }),
  );
}

/** The paths of the requests the pages of `context` make, as they go out. */
export function requestedPaths(context: BrowserContext): string[] {
  const paths: string[] = [];
  context.on('request', (request) => paths.push(new URL(request.url()).pathname));
  return paths;
}

/** The SDK's session id in the page, once it has one. */
export function sessionId(page: Page): Promise<string> {
  return page
    .waitForFunction(
      () => (window as unknown as { northstar: { _instance?: { getSessionId?(): string | null } } }).northstar._instance?.getSessionId?.() ?? null,
      null,
      {
        timeout: 30_000,
      },
    )
    .then(async (handle) => String(await handle.jsonValue()));
}

/** The page's stored replay record (`ns_<key>_replay`): the sampling decision and next sequence number of the session. */
export function storedRecording(page: Page, demo: DemoProject): Promise<{ session: string; sampled: boolean; seq: number } | null> {
  return page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? 'null') as { session: string; sampled: boolean; seq: number } | null,
    `ns_${demo.pk}_replay`,
  );
}
