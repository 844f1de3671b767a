import type { Plugin } from '../../core/client.js';
import { createReplay } from './replay-plugin.js';

/**
 * Session recording with rrweb (docs/replay.md). The recorder (rrweb's `record` and what drives it) is
 * loaded by dynamic `import()` only once a session the sampling includes (`replay.samplingRate`) is live,
 * so a page that is not recorded never loads it. Chunks of the recording go to `/v1/replay/chunks`,
 * gzip-compressed, every `flushInterval` ms, at `maxEventsPerChunk` events, and when the page is hidden.
 * `replay: false` in the client's config turns the plugin off, an object sets its options. Opt in with
 * `init(config).use(replay)`; the CDN script sets up the same plugin by default and loads the recorder as a
 * chunk of its own (`replay.js` beside the script).
 */
export const replay: Plugin = createReplay(() => import('./recorder.js'));
