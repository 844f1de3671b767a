import type { VitalsApi } from './metrics.js';

/** The global the CDN script's web-vitals chunk sets to the functions of `web-vitals/attribution`. */
export const VITALS_GLOBAL = '__northstar_web_vitals';

/** The window as the chunk and its loader see it. */
export type VitalsWindow = Window & { [VITALS_GLOBAL]?: VitalsApi };
