import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import type { DemoProject } from './server.js';

const root = (path: string): string => fileURLToPath(new URL(`../../../${path}`, import.meta.url));
/** The built npm modules the page imports, by URL prefix under `/e2e/guides/lib/`. */
const LIBS: Record<string, string> = { browser: root('packages/browser/dist/'), core: root('packages/core/dist/') };

/**
 * What the guides point at: a button at the top, a tall block to scroll, a button at the bottom; `#late`
 * appears 300 ms after load (a tooltip waits for it); `#next-page` has the element of a tour's last step.
 */
const BODY = `<main><h1>Guides test page</h1>
<button id="first">First</button>
<p id="anchor">The anchor paragraph.</p>
<div style="height:1500px"></div>
<button id="last">Last</button></main>`;
const PAGE_SCRIPT = `setTimeout(() => {
  const late = document.createElement('button');
  late.id = 'late';
  late.textContent = 'Late';
  document.querySelector('main').prepend(late);
}, 300);
if (location.pathname.endsWith('/next-page')) {
  const step = document.createElement('p');
  step.id = 'on-next-page';
  step.textContent = 'On the next page';
  document.querySelector('main').prepend(step);
}`;

/** The nonce of the CDN page's strict CSP: only scripts and styles that carry it are allowed. */
export const GUIDES_NONCE = 'e2e-guides-n0nce';
const CSP = `script-src 'nonce-${GUIDES_NONCE}'; style-src 'nonce-${GUIDES_NONCE}'; object-src 'none'; base-uri 'none'`;

/**
 * Serves the guides test pages at `<server>/e2e/guides/<name>[/next-page]`: the npm build of the SDK
 * (through an import map, so the renderer is a real, separate chunk request) with the `guides` plugin and
 * no wait between guides (`overlayInterval: 0`). Under `cdn/` the page loads the CDN script under a strict
 * CSP (scripts and styles by nonce only) instead. Each test names its page and targets its guide at it.
 */
export async function routeGuidesPage(context: BrowserContext, demo: DemoProject): Promise<void> {
  const config = { apiKey: demo.pk, endpoint: demo.url, flushInterval: 200, overlayInterval: 0 };
  const imports = JSON.stringify({
    imports: { '@northstar/browser': '/e2e/guides/lib/browser/index.js', '@northstar/core': '/e2e/guides/lib/core/index.js' },
  });
  await context.route(`${demo.url}/e2e/guides/**`, async (route) => {
    const path = new URL(route.request().url()).pathname.replace('/e2e/guides/', '');
    const lib = /^lib\/([^/]+)\/([\w.-]+\.js)$/.exec(path);
    if (lib && LIBS[lib[1] ?? '']) {
      return route.fulfill({ contentType: 'text/javascript', body: await readFile(`${LIBS[lib[1] ?? '']}${lib[2]}`, 'utf8') });
    }
    if (path.startsWith('cdn/')) {
      const snippet = JSON.stringify({ key: demo.pk, flushInterval: 200, overlayInterval: 0 });
      return route.fulfill({
        contentType: 'text/html',
        headers: { 'Content-Security-Policy': CSP },
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>guides cdn</title>
<script nonce="${GUIDES_NONCE}">window.northstar = window.northstar || []; northstar.push(['init', ${snippet}]);</script>
<script nonce="${GUIDES_NONCE}" async src="/sdk/northstar.js"></script>
<script>window.unsafeRan = true;</script></head>
<body>${BODY.replace(' style="height:1500px"', '')}<script nonce="${GUIDES_NONCE}">${PAGE_SCRIPT}</script></body></html>`,
      });
    }
    return route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>guides</title>
<script type="importmap">${imports}</script>
<script type="module">import { init, guides } from '@northstar/browser';
window.client = init(${JSON.stringify(config)}).use(guides);</script></head>
<body>${BODY}<script>${PAGE_SCRIPT}</script></body></html>`,
    });
  });
}

/** Creates an active guide (the application API, with the demo sk_ key) shown on the pages whose URL contains `page`. */
export async function createGuide(demo: DemoProject, page: string, guide: Record<string, unknown>): Promise<number> {
  const response = await fetch(`${demo.url}/v1/projects/${demo.project_id}/guides`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${demo.sk}` },
    body: JSON.stringify({ name: `guide on ${page}`, status: 'active', targeting: { url: { op: 'contains', value: `/e2e/guides/${page}` } }, ...guide }),
  });
  if (response.status !== 201) throw new Error(`guide not created: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}

/** A locator inside the guide's shadow root (Playwright's CSS locators pierce open shadow roots). */
export const inGuide = (page: Page, selector: string) => page.locator(`[data-northstar-overlay] ${selector}`);

/** The element that has focus, through shadow roots: `tag#id.class` or its text, for assertions. */
export function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    if (!active) return '';
    const inGuide = active.getRootNode() instanceof ShadowRoot;
    return `${inGuide ? 'guide:' : ''}${active.tagName.toLowerCase()}${active.id ? `#${active.id}` : ''} ${active.textContent?.trim() ?? ''}`.trim();
  });
}

/** Runs axe-core (its source injected into the page) over the whole document, shadow roots included; the serious and critical violations. */
export async function axeViolations(page: Page): Promise<string[]> {
  const source = await readFile(root('node_modules/axe-core/axe.min.js'), 'utf8');
  await page.addScriptTag({ content: source });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(context: Document): Promise<{ violations: { id: string; impact?: string; nodes: { target: unknown }[] }[] }> } }
    ).axe;
    const result = await axe.run(document);
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  });
}
