import type { BootstrapConfig, Northstar } from '@northstar/browser';

/** Calls made before the client has started (a child's mount effect runs before the provider's), at most this many. */
const MAX_PENDING = 100;

/**
 * What a provider gives its hooks: the client once it has started, and a way to call it that never
 * loses an early call. One per provider, stable for its lifetime, so hooks' callbacks are stable too.
 */
export interface ClientHandle {
  /** The client, from the provider's first effect on; undefined on the server and before. */
  readonly client: Northstar | undefined;
  /** Runs `call` on the client now, or once it is attached (at most 100 calls wait; later ones are dropped). */
  run: (call: (client: Northstar) => void) => void;
  /** @internal The provider hands over its client: the waiting calls run, subscribers hear of it. */
  attach: (client: Northstar) => void;
  /** Calls `listener` when the client is attached; returns the unsubscribe function. */
  subscribe: (listener: () => void) => () => void;
  /** The provider's `bootstrap` (from its config, or its client's): the flag values of the server render and the first client render. */
  readonly bootstrap: BootstrapConfig | undefined;
  /** @internal The path of the last `$pageview` sent by usePageView, so a repeated effect sends none. */
  lastPageView?: string;
}

export function createClientHandle(bootstrap?: BootstrapConfig): ClientHandle {
  let client: Northstar | undefined;
  const pending: ((client: Northstar) => void)[] = [];
  const listeners = new Set<() => void>();
  return {
    bootstrap,
    get client() {
      return client;
    },
    run(call) {
      if (client) call(client);
      else if (pending.length < MAX_PENDING) pending.push(call);
    },
    attach(next) {
      if (client === next) return;
      client = next;
      for (const call of pending.splice(0)) call(next);
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
