import { backoffDelay, parseRetryAfter } from '../backoff.js';
import type { TrackedEvent } from '../event.js';
import { retryable } from './send-result.js';
import type { SendResult } from './send-result.js';

/** What a delivery reads and edits of its queue (an `EventQueue` has it all). */
export interface DeliveryQueue {
  readonly items: readonly TrackedEvent[];
  /** The queued events, every one finished. */
  ready(): TrackedEvent[];
  remove(events: readonly TrackedEvent[]): void;
}

export interface DeliveryOptions {
  queue: DeliveryQueue;
  /** Sends one batch; never rejects. `keepalive`: the request should outlive the page, where there is one. */
  send(batch: TrackedEvent[], keepalive?: boolean): Promise<SendResult>;
  /** Longest time an event waits before a send is attempted, ms. */
  flushInterval: number;
  /** Queued events that trigger a send at once. */
  flushSize: number;
  /** True while nothing may be sent (consent pending, for example). */
  paused(): boolean;
  /** The queue changed, or an attempt failed: the owner should store the queue (soon, not now). */
  changed(): void;
  /** Called once per request with its batch and status (0: no response), before the queue is updated. */
  sent?(batch: readonly TrackedEvent[], status: number): void;
  /**
   * Debug output of what became of each request. Called only where the `__NS_DEBUG__` build flag is
   * not false: the browser's production builds leave these calls and their strings out.
   * @default none
   */
  log?(level: 'log' | 'warn', message: string): void;
  /**
   * Timers do not keep a Node process alive (`unref()` where timers have it): a server SDK delivers
   * what is left in its `shutdown()`, not by holding the process open.
   * @default false
   */
  unref?: boolean;
}

export interface Delivery {
  /** After a push: sends at `flushSize`, otherwise makes sure a timed flush is pending. */
  kick(): void;
  /** Sends everything queued, in order; resolves when done or when a retry is scheduled. Never rejects. */
  flush(keepalive?: boolean): Promise<void>;
  /** True during a backoff: the server failed or asked to wait, and nothing is sent until it ends. */
  waiting(): boolean;
  /** The time (epoch ms) before which nothing is sent: the end of the backoff, or 0 when none was needed. */
  resumesAt(): number;
  stop(): void;
}

/** Events per request; a restored offline queue goes out in a few requests, not one per flushSize. */
const MAX_BATCH = 100;

/**
 * Sends a queue in batches, in order, and never gives up: network errors, 408, 429 and 5xx keep the
 * batch and wait for `Retry-After` or a jittered exponential backoff (capped at 30 s); 413 halves the
 * batches; any other answer removes the batch, or only the events a 4xx rejected. Uses only timers
 * and promises: the same in a browser and in Node.
 */
export function createDelivery(o: DeliveryOptions): Delivery {
  const q = o.queue;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let chain = Promise.resolve();
  let busy = false;
  let stopped = false;
  /** No send before this time: backoff after a failure, or the server's Retry-After. */
  let until = 0;
  let attempt = 0;
  /** Events per request; halved on each 413 for the life of the delivery. */
  let size = MAX_BATCH;

  const arm = (ms: number): void => {
    if (timer || stopped || o.paused()) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, ms);
    if (o.unref) (timer as { unref?: () => void }).unref?.();
  };

  /** Applies a response to the queue; true when the next batch may go at once. */
  const settle = (r: SendResult, batch: TrackedEvent[]): boolean => {
    o.sent?.(batch, r.status);
    if (retryable(r.status)) {
      // Never gives up: the delay grows to its cap (30 s) and the events wait, stored, meanwhile.
      const wait = parseRetryAfter(r.retryAfter) ?? backoffDelay(attempt++);
      until = Date.now() + wait;
      if (__NS_DEBUG__) o.log?.('warn', `send failed (${r.status || 'network'}), retrying in ${wait} ms`);
      o.changed();
      return false;
    }
    attempt = 0;
    if (r.status === 413 && batch.length > 1) {
      size = Math.ceil(batch.length / 2);
      if (__NS_DEBUG__) o.log?.('warn', `413: batches of ${size}`);
      return true;
    }
    const drop = r.status >= 300 && r.rejected ? r.rejected.map((i) => batch[i] as TrackedEvent) : batch;
    if (__NS_DEBUG__) o.log?.(r.status < 300 ? 'log' : 'warn', `status ${r.status}: ${drop.length} of ${batch.length} sent event(s) left the queue`);
    q.remove(drop);
    o.changed();
    return r.status < 300;
  };

  const drain = async (keepalive?: boolean): Promise<void> => {
    busy = true;
    while (q.items.length && Date.now() >= until && !stopped && !o.paused()) {
      const batch = q.ready().slice(0, size);
      if (!settle(await o.send(batch, keepalive), batch)) break;
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
    flush,
    waiting: () => Date.now() < until,
    resumesAt: () => until,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
