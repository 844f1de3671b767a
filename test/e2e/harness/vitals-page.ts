import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from 'playwright-core';
import type { DemoProject } from './server.js';

const root = (path: string): string => fileURLToPath(new URL(`../../../${path}`, import.meta.url));
/** The built npm modules the page imports, by URL prefix under `/e2e/vitals/lib/`. */
const LIBS: Record<string, string> = {
  browser: root('packages/browser/dist/'),
  core: root('packages/core/dist/'),
  'web-vitals': root('node_modules/web-vitals/dist/'),
};

/**
 * A no-capture block, a large image (the LCP), a paragraph a late banner pushes down (the layout shift)
 * and a slow button (the interaction). The no-capture block is above the shift: a block below it shifts
 * too, and web-vitals may name it the largest shift's source, which the plugin then leaves out.
 */
const BODY = `<div class="sdk-no-capture"><button id="hidden-button">hidden</button></div>
<img id="hero" src="/e2e/vitals/hero.svg" width="600" height="300" alt="hero">
<p id="text">Some text below the hero.</p>
<button id="slow">slow</button>`;

/** The page's own behaviour: the late banner (the layout shift) and the slow click handler (the INP). */
const PAGE_SCRIPT = `setTimeout(() => {
  const banner = document.createElement('div');
  banner.style.height = '200px';
  banner.textContent = 'late banner';
  document.body.insertBefore(banner, document.getElementById('text'));
}, 300);
document.getElementById('slow').addEventListener('click', () => {
  const until = performance.now() + 120;
  while (performance.now() < until);
  document.getElementById('slow').textContent = 'clicked';
});`;

const SCRIPT = `import { init, webVitals } from '@northstar/browser';
window.client = init(CONFIG).use(webVitals);
${PAGE_SCRIPT}`;

/** Chromium leaves low-entropy images (under 0.05 bits per pixel of encoded size) out of LCP: the comment pads it. */
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="300"><!-- ${'entropy '.repeat(600)}--><rect width="600" height="300" fill="#3b82f6"/></svg>`;

/** The nonce of the CDN page's strict CSP: only scripts that carry it run (inline ones included). */
export const NONCE = 'e2e-vitals-n0nce';
const CSP = `script-src 'nonce-${NONCE}'; object-src 'none'; base-uri 'none'`;

/**
 * The same page with the CDN script (`/sdk/northstar.js`, by a tag that carries the CSP nonce) under a strict
 * CSP. `cdn/off` inits with `webVitals: false`. An inline script without the nonce would set `unsafeRan`:
 * the CSP is in force when it stays unset.
 */
function cdnPage(npmConfig: { apiKey: string; flushInterval: number }, path: string): string {
  // No endpoint: the script-tag form derives it from the script's URL.
  const { apiKey, flushInterval } = npmConfig;
  // Replay off: its recorder chunk is another script request, and recording is work the metrics would include.
  const config = JSON.stringify({ key: apiKey, flushInterval, replay: false, ...(path === 'cdn/off' ? { webVitals: false } : {}) });
  return `<!doctype html><html><head><meta charset="utf-8"><title>vitals cdn</title>
<script nonce="${NONCE}">window.northstar = window.northstar || []; northstar.push(['init', ${config}]);</script>
<script nonce="${NONCE}" async src="/sdk/northstar.js"></script>
<script>window.unsafeRan = true;</script></head>
<body>${BODY}<script nonce="${NONCE}">${PAGE_SCRIPT}</script></body></html>`;
}

/**
 * Serves the web-vitals test page at `<server>/e2e/vitals/**`: it imports the npm build of the SDK
 * (`packages/browser/dist`, `packages/core/dist`) and `web-vitals` through an import map, so the plugin's
 * dynamic `import('web-vitals/attribution')` is a real, separate request; events go to the real server.
 * Under `cdn/` (`cdn/on`, `cdn/off`) the page loads the CDN script instead, under a strict CSP (`cdnPage`).
 */
export async function routeVitalsPage(context: BrowserContext, demo: DemoProject): Promise<void> {
  const config = { apiKey: demo.pk, endpoint: demo.url, flushInterval: 200 };
  const imports = JSON.stringify({
    imports: {
      '@northstar/browser': '/e2e/vitals/lib/browser/index.js',
      '@northstar/core': '/e2e/vitals/lib/core/index.js',
      'web-vitals/attribution': '/e2e/vitals/lib/web-vitals/web-vitals.attribution.js',
    },
  });
  await context.route(`${demo.url}/e2e/vitals/**`, async (route) => {
    const path = new URL(route.request().url()).pathname.replace('/e2e/vitals/', '');
    const lib = /^lib\/([^/]+)\/([\w.-]+\.js)$/.exec(path);
    if (lib && LIBS[lib[1] ?? '']) {
      return route.fulfill({ contentType: 'text/javascript', body: await readFile(`${LIBS[lib[1] ?? '']}${lib[2]}`, 'utf8') });
    }
    if (path === 'hero.svg') return route.fulfill({ contentType: 'image/svg+xml', body: SVG });
    if (path === 'cdn/on' || path === 'cdn/off')
      return route.fulfill({ contentType: 'text/html', headers: { 'Content-Security-Policy': CSP }, body: cdnPage(config, path) });
    return route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html><head><meta charset="utf-8"><title>vitals</title>
<script type="importmap">${imports}</script>
<script type="module">${SCRIPT.replace('CONFIG', JSON.stringify(config))}</script></head><body>${BODY}</body></html>`,
    });
  });
}
