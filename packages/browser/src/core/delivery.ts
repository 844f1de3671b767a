import { createDelivery as createCoreDelivery } from '@northstar/core';
import type { Delivery as CoreDelivery, TrackedEvent } from '@northstar/core';
import type { Queue } from './queue.js';
import { post, sendOnHide } from './transport.js';

export interface DeliveryOptions {
  url: string;
  apiKey: string;
  queue: Queue;
  flushInterval: number;
  flushSize: number;
  /** Debug output (see @northstar/core's delivery); only where `__NS_DEBUG__` is not false. */
  log?(level: 'log' | 'warn', message: string): void;
  /** True while nothing may be sent (consent pending). */
  paused(): boolean;
  /** The queue changed, or an attempt failed, and the tab's record should be written (soon, not now). */
  changed(): void;
  /** A request was answered (status 0: no response), before the queue is updated. */
  sent(batch: readonly TrackedEvent[], status: number): void;
}

export interface Delivery extends CoreDelivery {
  /** The page is hidden (`unloading`: it is going away): send what is queued by the surest means. */
  hide(unloading: boolean): void;
}

/**
 * @northstar/core's delivery (batches, retries, backoff, 413, rejected events) over `fetch`, plus
 * what only a page has: the beacon on unload and `navigator.onLine`.
 */
export function createDelivery(o: DeliveryOptions): Delivery {
  const q = o.queue;
  const d = createCoreDelivery({
    ...o,
    send: (batch, keepalive) => post(o.url, o.apiKey, batch, keepalive),
  });
  return {
    ...d,
    hide(unloading) {
      // During a backoff the server is failing or asked us to wait, and offline a beacon is lost:
      // in both cases the stored queue is enough, and the next page view (or another tab) sends it.
      if (!q.items.length || d.waiting() || o.paused() || navigator.onLine === false) return;
      // Only hidden (tab switch, app switch): a keepalive fetch whose answer the page will most
      // likely see, so a failure keeps the events; if the page is killed meanwhile, the stored copy
      // goes out with the next page view (the server drops the duplicate by uuid).
      if (!unloading) return void d.flush(true);
      // Unloading: beaconed events leave the queue (the caller then writes it), so the next page
      // view does not send them a second time.
      q.remove(sendOnHide(o.url, o.apiKey, q.ready()));
    },
  };
}
