import { authenticateApiKey } from '../keys/authenticate-key.js';
import type { ApiKeyRecord, ConfigStore } from '../ports/index.js';

export interface SdkKeyCacheOptions {
  /** How long a key that authenticated is trusted without asking the store again, in ms; 0 disables. */
  ttlMs: number;
  /** Keys remembered at most; the oldest is forgotten first. */
  maxEntries: number;
  clock: () => number;
}

/** Authenticates an SDK key. */
export type AuthenticateSdkKey = (presented: string) => Promise<ApiKeyRecord | undefined>;

/**
 * Remembers keys that authenticated for `ttlMs`, so that ingestion does not read the key table on
 * every request. Only successes are kept (an unknown key always reaches the store), so a revoked key
 * stops working within `ttlMs`.
 */
export function cachedSdkKeys(config: ConfigStore, options: SdkKeyCacheOptions): AuthenticateSdkKey {
  const known = new Map<string, { record: ApiKeyRecord; until: number }>();
  return async (presented) => {
    const now = options.clock();
    const hit = known.get(presented);
    if (hit && hit.until > now) return hit.record;
    known.delete(presented);
    const record = await authenticateApiKey(config, presented);
    if (record && options.ttlMs > 0) {
      if (known.size >= options.maxEntries) known.delete(known.keys().next().value ?? '');
      known.set(presented, { record, until: now + options.ttlMs });
    }
    return record;
  };
}
