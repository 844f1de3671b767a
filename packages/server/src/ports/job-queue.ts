import type { JsonObject } from './config-store.js';

/**
 * Durable background work (webhook deliveries, alert evaluations, replay retention): at-least-once,
 * with visibility timeouts, shared by every process on the same backend. A handler must therefore be
 * idempotent; `id` stays the same across the attempts of one job.
 */

export interface NewJob {
  /** Name of the queue, e.g. `webhook.delivery`; a consumer takes jobs of one queue. */
  queue: string;
  payload: JsonObject;
  /** Not handed to a consumer before this many ms from now. @default 0 */
  delayMs?: number;
  /** A second job with the same key in the same queue is not created while the first exists. @default none */
  idempotencyKey?: string;
}

export interface Job {
  id: string;
  queue: string;
  payload: JsonObject;
  /** 1 on the first delivery to a handler, +1 on each retry or expired visibility. */
  attempt: number;
  /** Epoch ms of the enqueue. */
  createdAt: number;
}

/** What a handler decides: done, try again after a delay, or give up (kept, readable, not retried). */
export type JobOutcome = { ack: true } | { retryInMs: number } | { fail: string };

/** Decides a job's fate. A handler that throws or rejects decides nothing: the job comes back when its visibility timeout ends. */
export type JobHandler = (job: Job) => Promise<JobOutcome>;

export interface ConsumeOptions {
  /** Jobs handled at once by this consumer. @default 1 */
  concurrency?: number;
  /** A job taken but neither acked, retried nor failed within this time goes back to the queue. @default 30000 */
  visibilityTimeoutMs?: number;
}

/** A running consumer; `stop()` waits for the jobs in hand to finish. */
export interface JobConsumer {
  stop(): Promise<void>;
}

export interface JobQueue {
  /** Returns the job's id, and false in `created` when the idempotency key matched an existing job. */
  enqueue(job: NewJob): Promise<{ id: string; created: boolean }>;
  /** Starts handing jobs of `queue` to `handler` until stopped. */
  consume(queue: string, handler: JobHandler, options?: ConsumeOptions): JobConsumer;
  /** Stops every consumer and releases timers. */
  dispose?(): Promise<void>;
}
