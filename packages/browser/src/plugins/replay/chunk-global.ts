import type { RecorderApi } from './recorder-api.js';

/** The global the CDN script's replay chunk sets to the recorder. */
export const REPLAY_GLOBAL = '__northstar_replay';

/** The window as the chunk and its loader see it. */
export type ReplayWindow = Window & { [REPLAY_GLOBAL]?: RecorderApi };
