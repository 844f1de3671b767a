import type { Knex } from 'knex';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { CLAIMED_COLUMNS, JOB_PENDING, JOBS_TABLE } from './job-table.js';
import type { ClaimedJobRow } from './job-table.js';

/**
 * Takes up to `limit` due jobs of `queue`, oldest due first, for `visibilityMs`: each one's attempt
 * goes up by one and it is not due again before its visibility ends (`run_at = locked_until`), so a
 * delivery that is neither acked, retried nor failed in time is handed out again. The dialect makes
 * the claim exclusive across processes.
 */
export async function claimJobs(db: Knex, dialect: SqlDialect, queue: string, limit: number, visibilityMs: number): Promise<ClaimedJobRow[]> {
  const until = db.raw(`${dialect.clockMs} + ?`, [visibilityMs]);
  const rows = await dialect.claimRows<ClaimedJobRow>(db, {
    table: JOBS_TABLE,
    key: 'id',
    candidates: (query) =>
      query
        .where({ queue, state: JOB_PENDING })
        .andWhere('run_at', '<=', db.raw(dialect.clockMs))
        .orderBy([{ column: 'run_at' }, { column: 'id' }])
        .limit(limit),
    set: { attempt: db.raw('attempt + 1'), locked_until: until, run_at: until },
    returning: CLAIMED_COLUMNS,
  });
  return rows.sort((a, b) => Number(a.id) - Number(b.id));
}

/** Milliseconds until the next pending job of `queue` is due by the database's clock (≤ 0: due now), or undefined when there is none. */
export async function msUntilNextDue(db: Knex, dialect: SqlDialect, queue: string): Promise<number | undefined> {
  const row = (await db(JOBS_TABLE)
    .where({ queue, state: JOB_PENDING })
    .select(db.raw(`MIN(run_at) - ${dialect.clockMs} AS wait`))
    .first()) as { wait: number | string | null } | undefined;
  return row?.wait === null || row?.wait === undefined ? undefined : Number(row.wait);
}
