import type { Plugin } from '../../core/client.js';
import { chunkUrl, loadChunk } from '../../overlay/chunk-script.js';
import { VITALS_GLOBAL } from './chunk-global.js';
import type { VitalsApi } from './metrics.js';
import { createWebVitals } from './vitals-plugin.js';

/** The chunk's file name: beside the SDK script, as `/sdk/web-vitals.js`, `/sdk/<version>/web-vitals.js` and `dist/web-vitals.js`. */
export const VITALS_CHUNK = 'web-vitals.js';

/** The chunk's URL: beside the SDK script when its URL is known, else under the endpoint's `/sdk/`. */
export const vitalsChunkUrl = (scriptSrc: string | null | undefined, endpoint: string): string => chunkUrl(VITALS_CHUNK, scriptSrc, endpoint);

/** Loads the chunk (with the CSP `nonce`, when given) and resolves with the functions it leaves on `window[VITALS_GLOBAL]`. */
export const loadVitalsChunk = (src: string, nonce: string | undefined): Promise<VitalsApi> => loadChunk<VitalsApi>(src, VITALS_GLOBAL, nonce);

/**
 * The `webVitals` plugin of the CDN script: the same plugin as the npm build's, loading `web-vitals` from the
 * chunk beside the SDK script (`scriptSrc`, the SDK tag's own URL) only once an instance sets it up.
 */
export const cdnWebVitals = (scriptSrc?: string | null): Plugin =>
  createWebVitals((client) => loadVitalsChunk(vitalsChunkUrl(scriptSrc, client.config.endpoint), client.config.nonce));
