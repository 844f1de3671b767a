import type { Plugin } from '../../core/client.js';
import { chunkUrl, loadChunk } from '../../overlay/chunk-script.js';
import { REPLAY_GLOBAL } from './chunk-global.js';
import type { RecorderApi } from './recorder-api.js';
import { createReplay } from './replay-plugin.js';

/** The chunk's file name: beside the SDK script, as `/sdk/replay.js`, `/sdk/<version>/replay.js` and `dist/replay.js`. */
export const REPLAY_CHUNK = 'replay.js';

/**
 * The `replay` plugin of the CDN script: the same plugin as the npm build's, loading the recorder (rrweb) from
 * the chunk beside the SDK script (`scriptSrc`, the SDK tag's own URL, with the CSP nonce) only for a session
 * the sampling includes.
 */
export const cdnReplay = (scriptSrc?: string | null): Plugin =>
  createReplay((client) => loadChunk<RecorderApi>(chunkUrl(REPLAY_CHUNK, scriptSrc, client.config.endpoint), REPLAY_GLOBAL, client.config.nonce));
