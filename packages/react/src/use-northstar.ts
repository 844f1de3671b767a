import { useSyncExternalStore } from 'react';
import type { Northstar } from '@northstar/browser';
import { useClientHandle } from './context.js';

const none = (): undefined => undefined;

/**
 * The client of the nearest provider, for any operation of `@northstar/browser` (`identify`, `reset`,
 * `register`, consent, ...). `undefined` during server rendering, on the first client render (it
 * starts in an effect) and outside a provider; the component re-renders once it is there. Calls from a
 * mount effect are better made through useTrackEvent, which waits for the client instead.
 */
export function useNorthstar(): Northstar | undefined {
  const handle = useClientHandle();
  return useSyncExternalStore(handle.subscribe, () => handle.client, none);
}
