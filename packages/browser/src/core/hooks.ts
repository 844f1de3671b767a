import type { TrackedEvent } from '@northstar/core';

/** The hooks of a client (`client.on(name, listener)`) and the arguments their listeners get. */
export interface ClientHooks {
  /** An event was queued, after every `processEvent` step and `beforeSend`: the event as it will be sent. */
  event: [event: TrackedEvent];
  /** A request to `/v1/track` was answered: the events it carried and the HTTP status (0: no response). */
  flush: [events: readonly TrackedEvent[], status: number];
  /** `identify()` bound this device to `userId`, with these user properties. */
  identify: [userId: string, properties: Readonly<Record<string, string>>];
  /** `reset()`: the session ended, a new device id, no user id. */
  reset: [];
  /**
   * A `$pageview` (automatic or manual) is about to be queued, before the page context moves to the new
   * page: events tracked by a listener still carry the page left, and sort before the `$pageview`. Unlike
   * `event`, listening to it leaves `track()` on its deferred path.
   */
  pageview: [];
}

export type HookName = keyof ClientHooks;
export type HookListener<K extends HookName> = (...args: ClientHooks[K]) => void;
/** The listeners of each hook, in the order they were added. */
export type HookListeners = { [K in HookName]?: HookListener<K>[] };
