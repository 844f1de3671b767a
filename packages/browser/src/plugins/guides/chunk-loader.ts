import type { Plugin } from '../../core/client.js';
import { chunkUrl, loadChunk } from '../../overlay/chunk-script.js';
import type { OverlayRenderer } from '../../overlay/overlay-item.js';
import { createOverlayPlugin } from '../../overlay/overlay-plugin.js';
import { GUIDES_CHUNK, GUIDES_GLOBAL } from './chunk-global.js';
import type { Guide } from './guide-types.js';

/**
 * The `guides` plugin of the CDN script: the npm build's plugin, loading the renderer from the chunk beside
 * the SDK script (`scriptSrc`, with the `nonce`) only when decide answers a guide to show.
 */
export const cdnGuides = (scriptSrc?: string | null): Plugin =>
  createOverlayPlugin<Guide>('guide', (client) =>
    loadChunk<OverlayRenderer<Guide>>(chunkUrl(GUIDES_CHUNK, scriptSrc, client.config.endpoint), GUIDES_GLOBAL, client.config.nonce),
  );
