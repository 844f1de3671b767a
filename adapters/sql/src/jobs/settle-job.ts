import type { Knex } from 'knex';
import type { JobOutcome } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { JOB_ERROR_LENGTH, JOB_FAILED, JOB_PENDING, JOBS_TABLE } from './job-table.js';

/** One delivery of a job: its id and the attempt it was handed out as. */
export interface Delivery {
  id: string;
  attempt: number;
}

/**
 * Records a handler's outcome for its delivery: ack deletes the job (its idempotency key is free
 * again), a retry makes it due after the delay, a failure keeps it as `failed`. Only the delivery
 * still holding the job counts: when the job was handed out again after its visibility timeout, the
 * row's attempt moved on and this update matches nothing.
 */
export async function settleJob(db: Knex, dialect: SqlDialect, delivery: Delivery, outcome: JobOutcome): Promise<void> {
  const held = db(JOBS_TABLE).where({ id: delivery.id, attempt: delivery.attempt, state: JOB_PENDING }).whereNotNull('locked_until');
  if ('ack' in outcome) await held.del();
  else if ('fail' in outcome)
    await held.update({
      state: JOB_FAILED,
      locked_until: null,
      finished_at: db.raw(dialect.clockMs),
      last_error: String(outcome.fail).slice(0, JOB_ERROR_LENGTH),
    });
  else await held.update({ locked_until: null, run_at: db.raw(`${dialect.clockMs} + ?`, [Math.max(0, Math.floor(outcome.retryInMs))]) });
}

/** `settleJob`, again after a deadlock or a busy database (a rerun of one idempotent statement). */
export async function settleJobRetrying(db: Knex, dialect: SqlDialect, delivery: Delivery, outcome: JobOutcome, attempts = 4): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await settleJob(db, dialect, delivery, outcome);
    } catch (error) {
      if (attempt >= attempts || !dialect.isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 20));
    }
  }
}

/** Deletes failed jobs that finished more than `retentionMs` ago; never throws (the next run tries again). */
export async function deleteExpiredFailures(db: Knex, dialect: SqlDialect, retentionMs: number): Promise<void> {
  try {
    await db(JOBS_TABLE)
      .where('state', JOB_FAILED)
      .andWhere('finished_at', '<', db.raw(`${dialect.clockMs} - ?`, [retentionMs]))
      .del();
  } catch {
    // The database is away or the pool closed; old failures are harmless until the next run.
  }
}
