import type { Plugin } from '../../core/client.js';
import { VITALS_GLOBAL } from './chunk-global.js';
import type { VitalsWindow } from './chunk-global.js';
import type { VitalsApi } from './metrics.js';
import { createWebVitals } from './vitals-plugin.js';

/** The chunk's file name: beside the SDK script, as `/sdk/web-vitals.js`, `/sdk/<version>/web-vitals.js` and `dist/web-vitals.js`. */
export const VITALS_CHUNK = 'web-vitals.js';

/** The chunk's URL: beside the SDK script when its URL is known, else under the endpoint's `/sdk/`. */
export function vitalsChunkUrl(scriptSrc: string | null | undefined, endpoint: string): string {
  try {
    if (scriptSrc) return new URL(VITALS_CHUNK, scriptSrc).href;
  } catch {
    // Not a URL: the endpoint's copy below.
  }
  return `${endpoint}/sdk/${VITALS_CHUNK}`;
}

/** One load per page, shared by the instances that ask for it; forgotten when it fails, so a later setup tries again. */
let loading: Promise<VitalsApi> | undefined;

/**
 * Loads the chunk by a `<script>` tag (with the CSP `nonce`, when given) and resolves with the functions it
 * leaves on `window[VITALS_GLOBAL]`: an IIFE cannot `import()` a chunk of its own, and a classic script runs
 * before its `load` event, so the global is set when `onload` reads it.
 */
export function loadVitalsChunk(src: string, nonce: string | undefined): Promise<VitalsApi> {
  const w = window as VitalsWindow;
  const ready = w[VITALS_GLOBAL];
  if (ready) return Promise.resolve(ready);
  return (loading ??= new Promise<VitalsApi>((resolve, reject) => {
    const script = document.createElement('script');
    const fail = (): void => {
      loading = undefined;
      script.remove();
      reject(new Error(`web vitals: no chunk at ${src}`));
    };
    script.src = src;
    script.async = true;
    if (nonce) script.nonce = nonce;
    script.onload = () => {
      const api = w[VITALS_GLOBAL];
      if (api) resolve(api);
      else fail();
    };
    script.onerror = fail;
    document.head.appendChild(script);
  }));
}

/**
 * The `webVitals` plugin of the CDN script: the same plugin as the npm build's, loading `web-vitals` from the
 * chunk beside the SDK script (`scriptSrc`, the SDK tag's own URL) only once an instance sets it up.
 */
export const cdnWebVitals = (scriptSrc?: string | null): Plugin =>
  createWebVitals((client) => loadVitalsChunk(vitalsChunkUrl(scriptSrc, client.config.endpoint), client.config.nonce));
