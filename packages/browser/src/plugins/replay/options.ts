import type { NorthstarConfig, ReplayConfig } from '../../core/config.js';

/** The replay options with every default filled in (docs/replay.md). */
export type ReplayOptions = Required<Omit<ReplayConfig, 'blockSelector'>> & Pick<ReplayConfig, 'blockSelector'>;

/** The defaults of the options the spec leaves "not shown" (docs/replay.md), and its 30-minute hard limit. */
export const REPLAY_DEFAULTS: Readonly<ReplayOptions> = {
  samplingRate: 100,
  flushInterval: 5000,
  maxEventsPerChunk: 200,
  maxDuration: 1_800_000,
  maskTextInput: true,
  maskAllText: false,
  compress: true,
};

/** A positive number as given, else the default. */
const positive = (value: unknown, fallback: number): number => (typeof value === 'number' && value > 0 ? value : fallback);

/** The replay options of a client's config, or undefined when `replay` is `false`. */
export function replayOptions(config: NorthstarConfig): ReplayOptions | undefined {
  const r = config.replay ?? true;
  if (r === false) return undefined;
  const given: ReplayConfig = r === true ? {} : r;
  const rate = Number(given.samplingRate ?? REPLAY_DEFAULTS.samplingRate);
  return {
    samplingRate: Number.isFinite(rate) ? Math.min(100, Math.max(0, rate)) : REPLAY_DEFAULTS.samplingRate,
    flushInterval: positive(given.flushInterval, REPLAY_DEFAULTS.flushInterval),
    // The server takes at most 10,000 events in one chunk.
    maxEventsPerChunk: Math.min(10_000, Math.floor(positive(given.maxEventsPerChunk, REPLAY_DEFAULTS.maxEventsPerChunk))),
    maxDuration: positive(given.maxDuration, REPLAY_DEFAULTS.maxDuration),
    maskTextInput: given.maskTextInput !== false,
    maskAllText: given.maskAllText === true,
    compress: given.compress !== false,
    ...(typeof given.blockSelector === 'string' && given.blockSelector.trim() ? { blockSelector: given.blockSelector } : {}),
  };
}
