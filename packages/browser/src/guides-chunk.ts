// Entry of the CDN script's guides chunk (IIFE, `guides.js`, served as `/sdk/guides.js`): it hands the
// renderer to the SDK on a global, which the loader that injected this script reads in its `load` event
// (overlay/chunk-script.ts).
import { GUIDES_GLOBAL } from './plugins/guides/chunk-global.js';
import type { GuidesWindow } from './plugins/guides/chunk-global.js';
import { guidesRenderer } from './plugins/guides/guides-renderer.js';

(window as GuidesWindow)[GUIDES_GLOBAL] = guidesRenderer;
