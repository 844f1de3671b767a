import type { ApiKeyRecord, ConfigStore } from '../ports/index.js';

export interface KeyUseOptions {
  config: ConfigStore;
  clock: () => number;
  /** Writes per key at most once in this many ms; 0 writes on every use. */
  intervalMs: number;
  /** Keys remembered at most; beyond it the memory starts afresh (a few extra writes, no growth). @default 10000 */
  maxKeys?: number;
}

/** Records that a key authenticated; returns at once, the write happens in the background. */
export type RecordKeyUse = (key: ApiKeyRecord) => void;

/**
 * `last_used_at` of API keys without a write per request: per process, a key is touched at most once
 * per `intervalMs`, off the request path (the caller never waits, a failed write is dropped: the next
 * use after the interval tries again).
 */
export function keyUseRecorder(options: KeyUseOptions): RecordKeyUse {
  const { config, clock, intervalMs, maxKeys = 10_000 } = options;
  const lastWrite = new Map<number, number>();
  return (key) => {
    const now = clock();
    const previous = lastWrite.get(key.id);
    if (previous !== undefined && now - previous < intervalMs) return;
    if (lastWrite.size >= maxKeys) lastWrite.clear();
    lastWrite.set(key.id, now);
    config.touchApiKey(key.id, new Date(now).toISOString()).catch(() => {
      lastWrite.delete(key.id);
    });
  };
}
