import { useCallback } from 'react';
import type { Properties } from '@northstar/browser';
import { useClientHandle } from './context.js';

/**
 * A stable `track(event, properties?)` bound to the provider's client. Safe to call from a mount
 * effect: a call made before the client has started is sent once it has (up to 100 such calls).
 */
export function useTrackEvent(): (event: string, properties?: Properties) => void {
  const handle = useClientHandle();
  return useCallback((event, properties) => handle.run((client) => client.track(event, properties)), [handle]);
}
