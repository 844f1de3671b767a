import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from 'playwright-core';

const root = (path: string): string => fileURLToPath(new URL(`../../../${path}`, import.meta.url));
/** The built npm modules the page imports, by URL prefix under `/e2e/flags/lib/`. */
const LIBS: Record<string, string> = { browser: root('packages/browser/dist/'), core: root('packages/core/dist/') };

/** The flag the pages render, and its only variant (the server answers it for everyone). */
export const FLAG_KEY = 'hero';
export const VARIANT = 'b';

/**
 * Installed first in `<head>`: logs into `window.heroTexts` every text `#hero` ever had, without
 * repeating the last one: at each mutation inside it (a MutationObserver, which sees a text even when it
 * changes again before a frame) and in each frame (a requestAnimationFrame loop, which sees the text a
 * frame painted, the empty one included).
 */
const LOGGER = `window.heroTexts = [];
const note = () => {
  const hero = document.getElementById('hero');
  if (hero && heroTexts[heroTexts.length - 1] !== hero.textContent) heroTexts.push(hero.textContent);
};
new MutationObserver((records) => {
  if (records.some((record) => record.target.closest?.('#hero') || record.target.parentElement?.closest('#hero'))) note();
}).observe(document.documentElement, { subtree: true, childList: true, characterData: true });
const frame = () => { note(); requestAnimationFrame(frame); };
requestAnimationFrame(frame);`;

/**
 * The page's module: renders `#hero` from `getFeatureFlag` at load and on every `onFeatureFlags`,
 * `loading` while the value is unknown. It blocks rendering until it ran (`blocking="render"`), as an
 * app that renders at first paint does. `window.flagSources` lists the sources its listener was told.
 */
const SCRIPT = `import { init, featureFlags, getFeatureFlag, onFeatureFlags } from '@northstar/browser';
window.client = init(CONFIG).use(featureFlags);
window.flagSources = [];
const hero = document.getElementById('hero');
const render = () => {
  const value = getFeatureFlag('${FLAG_KEY}');
  hero.textContent = value === undefined ? 'loading' : 'variant ' + String(value);
};
render();
onFeatureFlags((flags, { source }) => {
  flagSources.push(source);
  render();
});`;

/**
 * Serves the flag pages at `<server>/e2e/flags/**`, importing the npm build of the SDK through an import
 * map; requests go to the real server. `bootstrap` renders the flag's variant into the page's
 * `<script type="application/json" id="northstar-bootstrap">`, as a server would; `init-bootstrap` passes it
 * as `init({ bootstrap })`; `control` has neither.
 */
export async function routeFlagsPage(context: BrowserContext, server: { url: string; pk: string }): Promise<void> {
  const config = { apiKey: server.pk, endpoint: server.url, flushInterval: 200 };
  const bootstrapped = { featureFlags: { [FLAG_KEY]: VARIANT } };
  const imports = JSON.stringify({
    imports: { '@northstar/browser': '/e2e/flags/lib/browser/index.js', '@northstar/core': '/e2e/flags/lib/core/index.js' },
  });
  await context.route(`${server.url}/e2e/flags/**`, async (route) => {
    const path = new URL(route.request().url()).pathname.replace('/e2e/flags/', '');
    const lib = /^lib\/([^/]+)\/([\w.-]+\.js)$/.exec(path);
    if (lib && LIBS[lib[1] ?? '']) {
      return route.fulfill({ contentType: 'text/javascript', body: await readFile(`${LIBS[lib[1] ?? '']}${lib[2]}`, 'utf8') });
    }
    const bootstrap = path === 'bootstrap' ? `<script type="application/json" id="northstar-bootstrap">${JSON.stringify(bootstrapped)}</script>` : '';
    const init = JSON.stringify(path === 'init-bootstrap' ? { ...config, bootstrap: bootstrapped } : config);
    return route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html><head><meta charset="utf-8"><title>flags</title>
<script>${LOGGER}</script>
${bootstrap}
<script type="importmap">${imports}</script>
<script type="module" blocking="render">${SCRIPT.replace('CONFIG', init)}</script></head>
<body><h1 id="hero"></h1></body></html>`,
    });
  });
}
