import type { Client } from '../core/client.js';
import type { OverlayItem, OverlayKind } from './overlay-item.js';
import { createHost, HOST_ATTRIBUTE } from './overlay-host.js';
import type { OverlayHost } from './overlay-host.js';

/** Default least time between the first showings of two guides or surveys, ms: one hour. */
export const OVERLAY_INTERVAL = 3_600_000;
/** Items remembered as started (so that they come back without waiting); the oldest are forgotten first. */
const STARTED_KEPT = 50;
/** The store key (under the client's `ns_<apiKey>_` prefix) of the cap's state. */
const STATE_KEY = 'overlay';

/** What the cap remembers across page views and tabs: when a new item was last shown, and which items were started. */
interface CapState {
  last?: number;
  started?: string[];
}

/**
 * The one frequency cap of guides and surveys (docs/guides.md, "Frequency cap"):
 * 1. never two at once: an item is shown only while no other overlay host is in the page (guides and
 *    surveys come from separate chunks, so the page itself is the shared state);
 * 2. not too often: an item never shown to this browser before (a new one) waits until
 *    `config.overlayInterval` (default one hour) has passed since the last new one was first shown;
 *    an item already started (a tour or checklist in progress, a modal left open on another page) comes
 *    back without waiting, until decide stops answering it once it is completed or dismissed.
 * Returns the item's host when it may be shown (it is recorded as started now), else undefined.
 */
export function claimOverlay(client: Client, kind: OverlayKind, item: OverlayItem, css: string, now = Date.now()): OverlayHost | undefined {
  const store = client.run?.store;
  if (!store || document.querySelector(`[${HOST_ATTRIBUTE}]`)) return undefined;
  const slot = `${kind}:${item.id}`;
  const state = (store.get(STATE_KEY) ?? {}) as CapState;
  const started = Array.isArray(state.started) ? state.started : [];
  if (!started.includes(slot)) {
    const interval = client.config.overlayInterval ?? OVERLAY_INTERVAL;
    if (typeof state.last === 'number' && now - state.last < interval && now >= state.last) return undefined;
    store.set(STATE_KEY, { last: now, started: [...started, slot].slice(-STARTED_KEPT) });
  }
  return createHost(slot, css, client.config.nonce);
}
