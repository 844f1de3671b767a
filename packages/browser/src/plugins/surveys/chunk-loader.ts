import type { Plugin } from '../../core/client.js';
import { chunkUrl, loadChunk } from '../../overlay/chunk-script.js';
import type { OverlayRenderer } from '../../overlay/overlay-item.js';
import { createOverlayPlugin } from '../../overlay/overlay-plugin.js';
import { SURVEYS_CHUNK, SURVEYS_GLOBAL } from './chunk-global.js';
import type { Survey } from './survey-types.js';

/**
 * The `surveys` plugin of the CDN script: the npm build's plugin, loading the renderer from the chunk
 * beside the SDK script (`scriptSrc`, with the `nonce`) only when decide answers a survey to show.
 */
export const cdnSurveys = (scriptSrc?: string | null): Plugin =>
  createOverlayPlugin<Survey>('survey', (client) =>
    loadChunk<OverlayRenderer<Survey>>(chunkUrl(SURVEYS_CHUNK, scriptSrc, client.config.endpoint), SURVEYS_GLOBAL, client.config.nonce),
  );
