import type { Plugin } from '../../core/client.js';
import { createOverlayPlugin } from '../../overlay/overlay-plugin.js';
import type { Guide } from './guide-types.js';

/**
 * In-app guides (docs/guides.md): at every page view the plugin asks `/v1/decide/guides` what to show, and
 * only when the answer holds a guide does it load the renderer (a dynamic `import()`, a chunk of its own in
 * the app's build) and show the guides the shared frequency cap lets through, in a shadow root. Sends
 * `$guide_shown`, `$guide_dismissed`, `$guide_completed`. `guides: false` in the client's config turns it
 * off. Opt in with `init(config).use(guides)`; the CDN script sets up the same plugin by default and loads
 * the renderer as a chunk of its own (`guides.js`).
 */
export const guides: Plugin = createOverlayPlugin<Guide>('guide', () => import('./guides-renderer.js').then((module) => module.guidesRenderer));
