import type { BrowserContext } from 'playwright-core';
import type { DemoProject } from './server.js';

/** The body of the autocapture test page: a tracked button, a blocked one, an SPA link, a form with every kind of field, a tall filler. */
const BODY = `<button id="buy" class="cta primary" data-testid="buy">Buy visible-marker</button>
<div class="sdk-no-capture"><button id="blocked">blocked-click-marker</button></div>
<a id="spa" href="/e2e/capture/second">second page</a>
<form id="signup" name="signup" action="/e2e/capture/done" method="post">
  <input name="text_field" type="text">
  <input name="password_field" type="password">
  <input name="email_field" type="email">
  <input name="hidden_field" type="hidden">
  <textarea name="textarea_field"></textarea>
  <select name="select_field"><option value="">pick</option><option value="s3cr3t-select-value">choice</option></select>
  <div id="editable" contenteditable="true"></div>
  <button id="send" type="submit">Send</button>
</form>
<div style="height: 4000px">filler</div>
<script>
  document.getElementById('spa').addEventListener('click', function (e) {
    e.preventDefault();
    history.pushState(null, '', this.getAttribute('href'));
  });
</script>`;

/**
 * Serves the autocapture test page at `<server>/e2e/capture/**` (any method: the form posts to it), loading
 * the real SDK by script tag from `/sdk/northstar.debug.js` with autocapture on and `options`.
 */
export async function routeCapturePage(context: BrowserContext, demo: DemoProject, options: Record<string, unknown> = {}): Promise<void> {
  const config = JSON.stringify({ key: demo.pk, endpoint: demo.url, flushInterval: 200, ...options });
  await context.route(`${demo.url}/e2e/capture/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html><head><meta charset="utf-8"><title>capture</title>
<script>window.northstar = window.northstar || []; northstar.push(['init', ${config}]);</script>
<script src="/sdk/northstar.debug.js"></script></head><body>${BODY}</body></html>`,
    }),
  );
}
