import type { FlagValue } from '@northstar/core';

/** What one tab session remembers: whose values, the values, and the exposures sent in which SDK session. */
export interface FlagCache {
  /** The person id the values were evaluated for. */
  p: string;
  f: Record<string, FlagValue>;
  /** The SDK session the exposures belong to. */
  s?: string | null;
  /** `key=value` of each `$feature_flag_called` sent in that session. */
  x?: string[];
}

/** sessionStorage can be missing or refuse (private modes, sandboxed frames): then nothing is cached. */
export function readCache(name: string): FlagCache | undefined {
  try {
    const cache = JSON.parse(sessionStorage.getItem(name) as string) as FlagCache | null;
    return cache && typeof cache.p === 'string' && typeof cache.f === 'object' && cache.f ? cache : undefined;
  } catch {
    return undefined;
  }
}

export function writeCache(name: string, cache: FlagCache): void {
  try {
    sessionStorage.setItem(name, JSON.stringify(cache));
  } catch {
    // Full or refused: the values live for this page view only.
  }
}

export function dropCache(name: string): void {
  try {
    sessionStorage.removeItem(name);
  } catch {
    // Nothing stored.
  }
}
