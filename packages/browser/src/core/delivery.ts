import { backoffDelay, parseRetryAfter } from '@northstar/core';
import type { TrackedEvent } from '@northstar/core';
import { log } from './debug.js';
import type { Queue } from './queue.js';
import { post, retryable, sendOnHide } from './transport.js';
import type { SendResult } from './transport.js';

export interface DeliveryOptions {
  url: string;
  apiKey: string;
  queue: Queue;
  flushInterval: number;
  flushSize: number;
  debug?: boolean;
  /** True while nothing may be sent (consent pending). */
  paused(): boolean;
  /** The queue changed, or an attempt failed, and the tab's record should be written (soon, not now). */
  changed(): void;
  /** A request was answered (status 0: no response), before the queue is updated. */
  sent(batch: readonly TrackedEvent[], status: number): void;
}

export interface Delivery {
  /** After a push: sends at `flushSize`, otherwise makes sure a timed flush is pending. */
  kick(): void;
  /** Sends everything queued, in order; resolves when done or when a retry is scheduled. */
  flush(): Promise<void>;
  /** The page is hidden (`unloading`: it is going away): send what is queued by the surest means. */
  hide(unloading: boolean): void;
  stop(): void;
}

/** Events per request; a restored offline queue goes out in a few requests, not one per flushSize. */
const MAX_BATCH = 100;

export function createDelivery(o: DeliveryOptions): Delivery {
  const q = o.queue;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let chain = Promise.resolve();
  let busy = false;
  let stopped = false;
  /** No send before this time: backoff after a failure, or the server's Retry-After. */
  let until = 0;
  let attempt = 0;
  /** Events per request; halved on each 413 for the rest of the page view. */
  let size = MAX_BATCH;

  const arm = (ms: number): void => {
    if (timer || stopped || o.paused()) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, ms);
  };

  /** Applies a response to the queue; true when the next batch may go at once. */
  const settle = (r: SendResult, batch: TrackedEvent[]): boolean => {
    o.sent(batch, r.status);
    if (retryable(r.status)) {
      // Never gives up: the delay grows to its cap (30 s) and the events wait, stored, meanwhile.
      const wait = parseRetryAfter(r.retryAfter) ?? backoffDelay(attempt++);
      until = Date.now() + wait;
      if (__NS_DEBUG__) log(o.debug, 'warn', `send failed (${r.status || 'network'}), retrying in ${wait} ms`);
      o.changed();
      return false;
    }
    attempt = 0;
    if (r.status === 413 && batch.length > 1) {
      size = Math.ceil(batch.length / 2);
      if (__NS_DEBUG__) log(o.debug, 'warn', `413: batches of ${size}`);
      return true;
    }
    const drop = r.status >= 300 && r.rejected ? r.rejected.map((i) => batch[i] as TrackedEvent) : batch;
    if (__NS_DEBUG__) log(o.debug, r.status < 300 ? 'log' : 'warn', `status ${r.status}: ${drop.length} of ${batch.length} sent event(s) left the queue`);
    q.remove(drop);
    o.changed();
    return r.status < 300;
  };

  const drain = async (keepalive?: boolean): Promise<void> => {
    busy = true;
    while (q.items.length && Date.now() >= until && !stopped && !o.paused()) {
      const batch = q.ready().slice(0, size);
      if (!settle(await post(o.url, o.apiKey, batch, keepalive), batch)) break;
    }
    busy = false;
    clearTimeout(timer);
    timer = undefined;
    const now = Date.now();
    if (q.items.length) arm(until > now ? until - now : o.flushInterval);
  };

  const flush = (keepalive?: boolean): Promise<void> => (chain = chain.then(() => drain(keepalive)));

  return {
    kick() {
      if (q.items.length < o.flushSize || busy || Date.now() < until || o.paused()) return arm(o.flushInterval);
      // Marked busy at once: the calls that follow before the send starts do not queue more flushes.
      busy = true;
      void flush();
    },
    flush: () => flush(),
    hide(unloading) {
      // During a backoff the server is failing or asked us to wait, and offline a beacon is lost:
      // in both cases the stored queue is enough, and the next page view (or another tab) sends it.
      if (!q.items.length || Date.now() < until || o.paused() || navigator.onLine === false) return;
      // Only hidden (tab switch, app switch): a keepalive fetch whose answer the page will most
      // likely see, so a failure keeps the events; if the page is killed meanwhile, the stored copy
      // goes out with the next page view (the server drops the duplicate by uuid).
      if (!unloading) return void flush(true);
      // Unloading: beaconed events leave the queue (the caller then writes it), so the next page
      // view does not send them a second time.
      q.remove(sendOnHide(o.url, o.apiKey, q.ready()));
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
