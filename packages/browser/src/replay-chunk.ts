// Entry of the CDN script's replay chunk (IIFE, `replay.js`, served as `/sdk/replay.js`): it hands the
// recorder (rrweb's `record` and what drives it) to the SDK on a global, which the loader that injected this
// script reads in its `load` event (plugins/replay/chunk-loader.ts).
import { REPLAY_GLOBAL } from './plugins/replay/chunk-global.js';
import type { ReplayWindow } from './plugins/replay/chunk-global.js';
import { startRecorder } from './plugins/replay/recorder.js';

(window as ReplayWindow)[REPLAY_GLOBAL] = { startRecorder };
