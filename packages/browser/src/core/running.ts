import type { IdentifyRequest, TrackedEvent } from '@northstar/core';
import type { ResolvedConfig } from './config.js';
import { pageContext } from './context.js';
import { log } from './debug.js';
import type { Page, PageContext } from './context.js';
import { createDelivery } from './delivery.js';
import type { Delivery, DeliveryOptions } from './delivery.js';
import { loadIdentity } from './identity.js';
import type { Identity } from './identity.js';
import { withUser } from './properties.js';
import { createQueue } from './queue.js';
import type { Queue } from './queue.js';
import { createSession } from './session.js';
import type { Session } from './session.js';
import type { Store } from './storage.js';

/** Everything a client holds between start() and destroy(). */
export interface Running {
  store: Store;
  queue: Queue;
  delivery: Delivery;
  session: Session;
  ids: Identity;
  /** Page data, read once per page view. */
  context: Page;
  /** `context`, the session's UTM tags and the user properties: what every event starts from. */
  base: PageContext;
  /** The session `base` was made for (null: none was running). */
  baseSession?: string | null;
  optedOut: boolean;
  /** Identify requests made before consent, sent on grantConsent(). */
  held: IdentifyRequest[];
  teardowns: (() => void)[];
  /** The `processEvent` steps of those plugins, in the order they were set up. */
  steps: ((event: TrackedEvent) => TrackedEvent | null | undefined)[];
  persistTimer?: ReturnType<typeof setTimeout>;
}

/**
 * The state of a client that starts now in tab `tab`; `changed` asks for a write to localStorage soon,
 * `sent` is told of every answered request to `/v1/track`.
 */
export function openRun(c: ResolvedConfig, store: Store, tab: string, changed: () => void, sent: DeliveryOptions['sent']): Running {
  const queue = createQueue(store, tab, c.maxQueueSize);
  const delivery = createDelivery({
    ...c,
    url: `${c.endpoint}/v1/track`,
    queue,
    paused: () => !store.on,
    changed,
    sent,
    // Reads `debug` at each call: debug() may turn it on or off at run time.
    ...(__NS_DEBUG__ && { log: (level: 'log' | 'warn', message: string) => log(c.debug, level, message) }),
  });
  const ids = loadIdentity(store);
  const context = pageContext();
  const session = createSession(store, c.sessionTimeout);
  return {
    store,
    queue,
    delivery,
    ids,
    context,
    base: withUser(context, ids.props, ids.supers),
    session,
    optedOut: store.get('optout') === 1,
    held: [],
    teardowns: [],
    steps: [],
  };
}
