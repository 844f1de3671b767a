import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import type { ClientHandle } from './client-handle.js';
import { useClientHandle } from './context.js';
import { onOverlayEvents } from './overlay-events.js';
import type { OverlayEvent, OverlayKind } from './overlay-events.js';

/** Calls `listener` (the latest one given) with the events of `kind` from the provider's client while mounted. */
export function useOverlayEvents(kind: OverlayKind, listener: (event: OverlayEvent) => void): void {
  const handle = useClientHandle();
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => connect(handle, (client) => onOverlayEvents(client, kind, (event) => latest.current(event))), [handle, kind]);
}

/** Runs `attach` on the handle's client now and whenever another is attached; returns what undoes it all. */
function connect(handle: ClientHandle, attach: (client: NonNullable<ClientHandle['client']>) => () => void): () => void {
  let detach: (() => void) | undefined;
  const reattach = (): void => {
    detach?.();
    detach = handle.client && attach(handle.client);
  };
  const offHandle = handle.subscribe(reattach);
  reattach();
  return () => {
    offHandle();
    detach?.();
  };
}

const none = (): null => null;

/**
 * The item of `kind` on the page now: set by its `shown` event (each step of a tour), cleared by its
 * `dismissed`, `completed` or `sent` event and by the next page view (the plugin removes the previous page
 * view's items without an event). Seen from the moment the component mounts.
 */
export function useActiveOverlay(kind: OverlayKind): OverlayEvent | null {
  const handle = useClientHandle();
  const active = useRef<OverlayEvent | null>(null);
  const subscribe = useCallback(
    (changed: () => void) =>
      connect(handle, (client) => {
        const set = (next: OverlayEvent | null): void => {
          active.current = next;
          changed();
        };
        const offEvents = onOverlayEvents(client, kind, (event) => {
          if (event.action === 'shown') set(event);
          else if (active.current?.id === event.id) set(null);
        });
        const offPageView = client.on('pageview', () => set(null));
        const offReset = client.on('reset', () => set(null));
        return () => {
          offEvents();
          offPageView();
          offReset();
        };
      }),
    [handle, kind],
  );
  return useSyncExternalStore(subscribe, () => active.current, none);
}
