import type { OverlayRenderer } from '../../overlay/overlay-item.js';
import type { Guide } from './guide-types.js';

/** The chunk's file name: beside the SDK script, as `/sdk/guides.js`, `/sdk/<version>/guides.js` and `dist/guides.js`. */
export const GUIDES_CHUNK = 'guides.js';
/** The global the CDN script's guides chunk sets to the renderer. */
export const GUIDES_GLOBAL = '__northstar_guides';

export type GuidesWindow = Window & { [GUIDES_GLOBAL]?: OverlayRenderer<Guide> };
