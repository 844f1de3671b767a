import { createHash } from 'node:crypto';
import type { Job, JsonObject } from '@northstar/server';

/**
 * The job table (migration `ns_jobs`). A row is a job from its enqueue until it is acked (deleted) or,
 * when it failed, until the retention of failed jobs ends. `state` is `pending` (waiting, or in a
 * handler's hands while `locked_until` is set) or `failed`. `run_at` is when a consumer may take it
 * next: the enqueue's delay, a retry's delay, or the end of the visibility timeout of the delivery in
 * hand; so one index, `(queue, state, run_at)`, finds every due job. Times are epoch ms of the
 * database's clock (`dialect.clockMs`).
 */
export const JOBS_TABLE = 'ns_jobs';

export const JOB_PENDING = 'pending';
export const JOB_FAILED = 'failed';

/** Longest queue name (a key column: 200 characters fit InnoDB's key length in utf8mb4). */
export const JOB_QUEUE_LENGTH = 200;

/** A failure's message is kept up to this many characters. */
export const JOB_ERROR_LENGTH = 2_000;

/** The columns a consumer reads of a claimed job. */
export const CLAIMED_COLUMNS = ['id', 'queue', 'payload', 'attempt', 'created_at'] as const;

/** A claimed row as the drivers return it (MySQL BIGINTs come back as numbers, SQLite's as numbers). */
export interface ClaimedJobRow {
  id: number | string;
  queue: string;
  payload: string;
  attempt: number;
  created_at: number | string;
}

/** The job a handler gets. */
export function jobOfRow(row: ClaimedJobRow): Job {
  return {
    id: String(row.id),
    queue: row.queue,
    payload: JSON.parse(row.payload) as JsonObject,
    attempt: Number(row.attempt),
    createdAt: Number(row.created_at),
  };
}

/**
 * The unique index holds a hash of the idempotency key (any length fits a key column); the key
 * itself is kept beside it, readable.
 */
export function idempotencyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
