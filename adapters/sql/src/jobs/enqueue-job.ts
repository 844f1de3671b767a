import type { Knex } from 'knex';
import type { NewJob } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { idempotencyHash, JOB_PENDING, JOB_QUEUE_LENGTH, JOBS_TABLE } from './job-table.js';

/** The job's row for an insert; times from the database's clock. */
function newRow(db: Knex, dialect: SqlDialect, job: NewJob): Record<string, Knex.Value | Knex.Raw> {
  const delayMs = Math.max(0, Math.floor(job.delayMs ?? 0));
  return {
    queue: job.queue,
    payload: JSON.stringify(job.payload),
    idempotency_key: job.idempotencyKey ?? null,
    key_hash: job.idempotencyKey === undefined ? null : idempotencyHash(job.idempotencyKey),
    state: JOB_PENDING,
    attempt: 0,
    run_at: db.raw(`${dialect.clockMs} + ?`, [delayMs]),
    created_at: db.raw(dialect.clockMs),
  };
}

/** The id of the job holding `key` in `queue`, if one exists now. */
async function holderOf(db: Knex, queue: string, key: string): Promise<string | undefined> {
  const row = (await db(JOBS_TABLE)
    .select('id')
    .where({ queue, key_hash: idempotencyHash(key) })
    .first()) as { id: number | string } | undefined;
  return row === undefined ? undefined : String(row.id);
}

/**
 * Inserts a job. With an idempotency key, the unique index decides between concurrent enqueues (in
 * this process or another): the loser reads the winner's id. If that job is deleted (acked) between
 * the refused insert and the read, the key is free again and the insert is tried again.
 */
export async function enqueueJob(db: Knex, dialect: SqlDialect, job: NewJob): Promise<{ id: string; created: boolean }> {
  if (job.queue.length > JOB_QUEUE_LENGTH) throw new RangeError(`A queue name has at most ${JOB_QUEUE_LENGTH} characters`);
  for (;;) {
    const key = job.idempotencyKey;
    if (key !== undefined) {
      const existing = await holderOf(db, job.queue, key);
      if (existing !== undefined) return { id: existing, created: false };
    }
    try {
      const [inserted] = await db(JOBS_TABLE).insert<(number | string)[]>(newRow(db, dialect, job));
      return { id: String(inserted), created: true };
    } catch (error) {
      if (key === undefined || !dialect.isUniqueViolation(error)) throw error;
    }
  }
}
