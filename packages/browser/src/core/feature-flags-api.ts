import type { FlagValue } from '@northstar/core';

/** Where a flag value came from: `init`'s or the page's bootstrap, this tab session's cache, the server, or the fallback `false` after a failed load. */
export type FlagSource = 'bootstrap' | 'cache' | 'server' | 'fallback';

/**
 * The three-state answer: `loading` (render nothing, or a placeholder, rather than a default that may
 * flip), or `ready` with the value (a variant key, `true`, or `false` for off).
 */
export type FeatureFlagState = { status: 'loading'; value: undefined } | { status: 'ready'; value: FlagValue; source: FlagSource };

/** What `onFeatureFlags` listeners get with the values: where they came from, and whether the last load failed. */
export interface FeatureFlagsChange {
  source: FlagSource;
  /** The last request to `/v1/flags/evaluate` failed; the values are the ones held before it. */
  failed: boolean;
}

export type FeatureFlagsListener = (flags: Readonly<Record<string, FlagValue>>, change: FeatureFlagsChange) => void;

/**
 * The feature flags of one client (docs/flags.md), set on `client.flags` by the `featureFlags` plugin:
 * the contract other plugins (guides, surveys) and the React bindings use without importing the plugin.
 */
export interface FeatureFlagsApi {
  /** The value; `undefined` while loading. Sends `$feature_flag_called` once per flag and value per session. */
  get(key: string): FlagValue | undefined;
  /** `true` for a variant or `true`, `false` when off, `undefined` while loading. Sends `$feature_flag_called` like get(). */
  isEnabled(key: string): boolean | undefined;
  /** The three-state answer; a `ready` read sends `$feature_flag_called` like get(). */
  state(key: string): FeatureFlagState;
  /** Every value known now, without sending anything. */
  all(): Record<string, FlagValue>;
  /** Calls `listener` whenever values arrive or change (at once if some are known); returns the unsubscribe. */
  on(listener: FeatureFlagsListener): () => void;
  /** Asks the server again; resolves when answered (or failed). Never rejects. */
  reload(): Promise<void>;
  /** Resolves with the value once it is known (at once when it is): for renderers that must not guess. Never rejects. */
  resolve(key: string): Promise<FlagValue>;
}
