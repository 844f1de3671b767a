import type { FlagValue } from '@northstar/core';
import type { Client } from './core/client.js';
import type { FeatureFlagsApi, FeatureFlagsListener, FeatureFlagState } from './core/feature-flags-api.js';
import { featureFlags } from './plugins/flags/feature-flags.js';
import { getInstance } from './shared-instance.js';

/** The flags of `client` (the shared instance by default), setting the plugin up on first use; undefined before init() or with `featureFlags: false`. */
export function flagsOf(client: Client | undefined = getInstance()): FeatureFlagsApi | undefined {
  if (client && !client.flags) client.use(featureFlags);
  return client?.flags;
}

// The flag operations of the shared instance (posthog-js names). Each sets the `featureFlags` plugin up
// if init() did not, and does nothing useful before init() or on the server.

/** The flag's value (a variant key, `true`, or `false`); `undefined` while loading. Sends `$feature_flag_called` once per value and session. */
export const getFeatureFlag = (key: string): FlagValue | undefined => flagsOf()?.get(key);
/** `true` when on (any variant), `false` when off, `undefined` while loading. */
export const isFeatureEnabled = (key: string): boolean | undefined => flagsOf()?.isEnabled(key);
/** The three-state answer: `{ status: 'loading' }` or `{ status: 'ready', value, source }`. */
export const getFeatureFlagState = (key: string): FeatureFlagState => flagsOf()?.state(key) ?? { status: 'loading', value: undefined };
/** Every value known now, without sending `$feature_flag_called`. */
export const getFeatureFlags = (): Record<string, FlagValue> => flagsOf()?.all() ?? {};
/** Calls `listener` when values arrive or change (at once if some are known); returns the unsubscribe. */
export const onFeatureFlags = (listener: FeatureFlagsListener): (() => void) => flagsOf()?.on(listener) ?? (() => undefined);
/** Asks the server for fresh values; never rejects. */
export const reloadFeatureFlags = (): Promise<void> => flagsOf()?.reload() ?? Promise.resolve();
/** Resolves with the flag's value once known (`false` when the SDK is not running): for renderers of guides and surveys. */
export const resolveVariant = (key: string): Promise<FlagValue> => flagsOf()?.resolve(key) ?? Promise.resolve(false);
