// Entry of the CDN script's web-vitals chunk (IIFE, `web-vitals.js`, served as `/sdk/web-vitals.js`): it
// hands the functions of `web-vitals/attribution` to the SDK on a global, which the loader that injected
// this script reads in its `load` event (plugins/web-vitals/chunk-loader.ts).
import { onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals/attribution';
import { VITALS_GLOBAL } from './plugins/web-vitals/chunk-global.js';
import type { VitalsWindow } from './plugins/web-vitals/chunk-global.js';

(window as VitalsWindow)[VITALS_GLOBAL] = { onLCP, onINP, onCLS, onFCP, onTTFB };
