import { backoffDelay, parseRetryAfter } from '@northstar/core';
import type { TrackedEvent } from '@northstar/core';
import { log } from './debug.js';
import type { Queue } from './queue.js';
import { post, sendOnHide } from './transport.js';
import type { SendResult } from './transport.js';

export interface DeliveryOptions {
  url: string;
  apiKey: string;
  queue: Queue;
  flushInterval: number;
  flushSize: number;
  debug?: boolean;
  /** The queue changed and should be persisted (soon, not now). */
  changed(): void;
}

export interface Delivery {
  /** After a push: sends at `flushSize`, otherwise makes sure a timed flush is pending. */
  kick(): void;
  /** Sends everything queued, in order; resolves when done or when a retry is scheduled. */
  flush(): Promise<void>;
  /** The page is being hidden or unloaded: beacon what is queued. */
  hide(): void;
  stop(): void;
}

/** Events per request; a restored offline queue goes out in a few requests, not one per flushSize. */
const MAX_BATCH = 100;

const retryable = (status: number): boolean => !status || status === 408 || status === 429 || status >= 500;

export function createDelivery(o: DeliveryOptions): Delivery {
  const q = o.queue;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let chain = Promise.resolve();
  let busy = false;
  let stopped = false;
  /** No send before this time: backoff after a failure, or the server's Retry-After. */
  let until = 0;
  let attempt = 0;

  const arm = (ms: number): void => {
    if (timer || stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, ms);
  };

  /** Applies a response to the queue; true when the batch was fully delivered. */
  const settle = (r: SendResult, batch: TrackedEvent[]): boolean => {
    if (retryable(r.status)) {
      const wait = parseRetryAfter(r.retryAfter) ?? backoffDelay(attempt++);
      until = Date.now() + wait;
      if (__NS_DEBUG__) log(o.debug, 'warn', `send failed (${r.status || 'network'}), retrying in ${wait} ms`);
      return false;
    }
    attempt = 0;
    const drop = r.status >= 300 && r.rejected ? r.rejected.map((i) => batch[i] as TrackedEvent) : batch;
    if (__NS_DEBUG__) log(o.debug, r.status < 300 ? 'log' : 'warn', `status ${r.status}: ${drop.length} of ${batch.length} sent event(s) left the queue`);
    q.remove(drop);
    o.changed();
    return r.status < 300;
  };

  const drain = async (): Promise<void> => {
    busy = true;
    while (q.items.length && Date.now() >= until && !stopped) {
      const batch = q.items.slice(0, MAX_BATCH);
      if (!settle(await post(o.url, o.apiKey, batch), batch)) break;
    }
    busy = false;
    clearTimeout(timer);
    timer = undefined;
    const now = Date.now();
    if (q.items.length) arm(until > now ? until - now : o.flushInterval);
  };

  const flush = (): Promise<void> => (chain = chain.then(drain));

  return {
    kick() {
      if (q.items.length >= o.flushSize && !busy && Date.now() >= until) void flush();
      else arm(o.flushInterval);
    },
    flush,
    hide() {
      // During a backoff the server is failing or asked us to wait: the stored queue is enough.
      if (!q.items.length || Date.now() < until) return;
      // Accepted events leave the memory queue but not the stored copy (no changed()): if the page
      // really unloads, the next page view sends them again and the server drops duplicates by uuid.
      q.remove(sendOnHide(o.url, o.apiKey, q.items));
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
