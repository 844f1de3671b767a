import type { BrowserContext } from 'playwright-core';
import type { DemoProject } from './server.js';

/** Text a field or a blocked part of the changing page holds, which no recording may carry. */
export const SLICES_SECRETS = { typed: 'typed-', initial: 'initial-field-secret', blocked: 'blocked-slices-marker' } as const;
/** What the page shows once it has made all its changes. */
export const CHANGES_DONE = 'all-changes-made';

const rows = (count: number, cells: (i: number) => string[]): string =>
  Array.from(
    { length: count },
    (_, i) =>
      `<tr>${cells(i)
        .map((cell) => `<td>${cell}</td>`)
        .join('')}</tr>`,
  ).join('');

/**
 * A table of `count` rows of four cells (the replay bench's scenario b). The SDK starts when the test calls
 * `__startSdk()`, after the page has loaded: it marks the moment (`performance.mark('northstar-start')`, which a
 * trace shows) and keeps `Date.now()` of it in `__startedAt`.
 */
function tablePage(count: number, config: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>table</title><style>td { padding: 2px 6px; }</style>
<script>
window.__startSdk = () => {
  performance.mark('northstar-start');
  window.__startedAt = Date.now();
  window.northstar = [['init', ${config}]];
  const s = document.createElement('script'); s.src = '/sdk/northstar.js'; document.head.appendChild(s);
};
</script></head><body><table id="table"><tbody>${rows(count, (i) => [String(i), `name ${i}`, String((i * 7) % 1000), `row text ${i}`])}</tbody></table></body></html>`;
}

/**
 * A table of 3,000 rows that changes every few milliseconds from its load, for about four seconds (so during the
 * recorder's snapshot): rows added, removed and moved, text and attributes changed, and a field typed into by
 * script (value set and an input event, as a framework does). `__changes` keeps `Date.now()` of each change.
 */
function changingPage(config: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>changing</title>
<script>window.northstar = [['init', ${config}]];</script>
<script src="/sdk/northstar.js" async></script></head><body>
<h1 id="status">changing</h1>
<input id="field" type="text" value="${SLICES_SECRETS.initial}">
<div class="sdk-no-capture"><p>${SLICES_SECRETS.blocked}</p></div>
<table id="table"><tbody>${rows(3000, (i) => [String(i), `cell ${i}`])}</tbody></table>
<script>
window.__changes = [];
const body = document.getElementById('table').tBodies[0];
const field = document.getElementById('field');
let n = 0;
const at = (k) => body.rows[(k * 7919) % body.rows.length];
const changes = [
  () => { const row = body.insertRow(); row.insertCell().textContent = 'added ' + n; },
  () => at(n).remove(),
  () => body.insertBefore(at(n), at(n * 3 + 1)),
  () => { at(n).cells[0].textContent = 'changed ' + n; },
  () => at(n).setAttribute('data-state', 'state ' + n),
  () => { field.value = '${SLICES_SECRETS.typed}' + n; field.dispatchEvent(new Event('input', { bubbles: true })); },
];
const change = () => {
  changes[n % changes.length]();
  window.__changes.push(Date.now());
  n += 1;
  if (n < 400) setTimeout(change, 5);
  else document.getElementById('status').textContent = '${CHANGES_DONE}';
};
change();
</script></body></html>`;
}

/** A page with rrweb's Replayer (the server's copy of its browser build): `__play(events)` plays them to their end. */
const PLAYER = `<!doctype html><html><head><meta charset="utf-8"><title>player</title>
<script src="/replay/assets/rrweb.js"></script></head><body><div id="stage"></div>
<script>
window.__play = (events) => {
  const replayer = new rrweb.Replayer(events, { root: document.getElementById('stage'), mouseTail: false, showWarning: false });
  replayer.pause(events[events.length - 1].timestamp - events[0].timestamp + 1);
};
</script></body></html>`;

/**
 * Serves, under `<server>/e2e/slices/`, the pages of the sliced-snapshot tests: `table` (10,000 rows by default)
 * and `changing`, which load the real CDN script (`/sdk/northstar.js`, which loads `/sdk/replay.js`) with page views
 * only and `replay` as given (`false`: off), and `player`.
 */
export async function routeSlicedSnapshotPages(
  context: BrowserContext,
  demo: DemoProject,
  replay: Record<string, unknown> | false,
  tableRows = 10_000,
): Promise<void> {
  const config = JSON.stringify({
    key: demo.pk,
    endpoint: demo.url,
    autocapture: { pageViews: true, clicks: false, forms: false, scroll: false },
    frustration: false,
    heatmap: false,
    webVitals: false,
    replay: replay && { samplingRate: 100, ...replay },
  });
  const pages: Record<string, string> = { table: tablePage(tableRows, config), changing: changingPage(config), player: PLAYER };
  await context.route(`${demo.url}/e2e/slices/*`, (route) => {
    const body = pages[new URL(route.request().url()).pathname.split('/').pop() ?? ''];
    return body ? route.fulfill({ contentType: 'text/html', body }) : route.fulfill({ status: 404, body: 'no such page' });
  });
}
