import { useCallback, useRef, useSyncExternalStore } from 'react';
import { flagsOf } from '@northstar/browser';
import type { FeatureFlagState } from '@northstar/browser';
import type { ClientHandle } from './client-handle.js';
import { useClientHandle } from './context.js';

type FlagValue = NonNullable<FeatureFlagState['value']>;

const LOADING: FeatureFlagState = { status: 'loading', value: undefined };

/** The answer before the client has flags: the provider's bootstrap value, else loading. Reads no browser API. */
function bootstrapState(handle: ClientHandle, key: string): FeatureFlagState {
  const value = handle.bootstrap?.featureFlags?.[key];
  return typeof value === 'string' || typeof value === 'boolean' ? { status: 'ready', value, source: 'bootstrap' } : LOADING;
}

const sameState = (a: FeatureFlagState, b: FeatureFlagState): boolean =>
  a.status === b.status && a.value === b.value && (a.status === 'loading' || (b.status === 'ready' && a.source === b.source));

/**
 * The three-state answer for flag `key`: `{ status: 'loading' }`, or `{ status: 'ready', value, source }`
 * with `value` a variant key, `true`, or `false` (off). Re-renders when it changes. On the server and on
 * the first client render (hydration included) it is the provider's `config.bootstrap.featureFlags`
 * value, so a page rendered with it shows the same variant before and after the client starts.
 */
export function useFeatureFlagState(key: string): FeatureFlagState {
  const handle = useClientHandle();
  const last = useRef<FeatureFlagState>(LOADING);
  const subscribe = useCallback(
    (changed: () => void) => {
      let offFlags: (() => void) | undefined;
      const connect = (): void => {
        offFlags?.();
        // Sets the featureFlags plugin up on the client if nothing did: in an effect, never while rendering.
        offFlags = handle.client ? flagsOf(handle.client)?.on(changed) : undefined;
        changed();
      };
      const offHandle = handle.subscribe(connect);
      if (handle.client) connect();
      return () => {
        offHandle();
        offFlags?.();
      };
    },
    [handle],
  );
  // One object per answer, so that React sees no change when there is none.
  const stable = (next: FeatureFlagState): FeatureFlagState => (sameState(last.current, next) ? last.current : (last.current = next));
  // A read of a ready value counts as an exposure (`$feature_flag_called`, once per value and session), as getFeatureFlag() does.
  const state = useSyncExternalStore(
    subscribe,
    () => stable(handle.client?.flags?.state(key) ?? bootstrapState(handle, key)),
    () => stable(bootstrapState(handle, key)),
  );
  return state;
}

/**
 * The value of flag `key`: a variant key or `true` (on), `false` (off), or `undefined` while loading
 * (render a placeholder rather than a default that may flip). See useFeatureFlagState.
 */
export function useFeatureFlag(key: string): FlagValue | undefined {
  return useFeatureFlagState(key).value;
}

/** `true` when flag `key` is on (any variant), `false` when off, `undefined` while loading. */
export function useFeatureFlagEnabled(key: string): boolean | undefined {
  const value = useFeatureFlag(key);
  return value === undefined ? undefined : value !== false;
}
