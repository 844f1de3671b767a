import type { BrowserContext } from 'playwright-core';
import type { DemoProject } from './server.js';

/** The path of the responsive test page; `/e2e/heatmap/next` is where its SPA link leads. */
export const HEATMAP_PAGE = '/e2e/heatmap/grid';

/** Nine cards, each with a title and a buy button, in a grid of 3 columns, or 1 below 600 px. */
const CARDS = Array.from(
  { length: 9 },
  (_, i) => `<article class="card" data-testid="card-${i + 1}"><h2>Card ${i + 1}</h2><button data-testid="buy-${i + 1}">Buy ${i + 1}</button></article>`,
).join('\n');

/**
 * A header with an SPA link, the grid, a no-capture button and a tall footer (never scrolled into view
 * by the test: the bands at the bottom stay unseen). `window.reach` is the page's own record of the
 * furthest (scrollY + innerHeight) / scrollHeight, to compare with the SDK's.
 */
const BODY = `<style>
  body { margin: 0; font: 16px/1.4 sans-serif; }
  header { height: 80px; padding: 0 16px; }
  .grid { display: grid; grid-template-columns: repeat(3, 1fr); gap: 16px; padding: 16px; }
  @media (max-width: 600px) { .grid { grid-template-columns: 1fr; } }
  .card { height: 360px; border: 1px solid #ccc; box-sizing: border-box; padding: 12px; }
  .card h2 { margin: 0; height: 40px; }
  .card button { display: block; width: 60%; height: 60px; margin-top: 180px; }
  footer { height: 900px; background: #eee; }
</style>
<header><a id="next" href="/e2e/heatmap/next">next page</a></header>
<main class="grid">
${CARDS}
</main>
<div class="sdk-no-capture"><button id="secret">secret-heatmap-marker</button></div>
<footer>footer</footer>
<script>
  window.reach = 0;
  const measure = () => { window.reach = Math.max(window.reach, (scrollY + innerHeight) / document.documentElement.scrollHeight); };
  addEventListener('scroll', measure, { passive: true });
  measure();
  document.getElementById('next').addEventListener('click', function (e) {
    e.preventDefault();
    history.pushState(null, '', this.getAttribute('href'));
  });
</script>`;

/**
 * Serves the heatmap test page at `<server>/e2e/heatmap/**`, loading the production CDN script
 * (`/sdk/northstar.js`, heatmaps on by default) by script tag with `options`.
 */
export async function routeHeatmapPage(context: BrowserContext, demo: DemoProject, options: Record<string, unknown> = {}): Promise<void> {
  const config = JSON.stringify({ key: demo.pk, endpoint: demo.url, flushInterval: 200, ...options });
  await context.route(`${demo.url}/e2e/heatmap/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>heatmap</title>
<script>window.northstar = window.northstar || []; northstar.push(['init', ${config}]);</script>
<script src="/sdk/northstar.js"></script></head><body>${BODY}</body></html>`,
    }),
  );
}
