import type { Knex } from 'knex';
import type { SqlDialect } from '../dialects/sql-dialect.js';

/** Rows per `DELETE ... LIMIT` where the dialect `deletesInSlices`: short transactions, a bounded undo log, no long lock on the tables. */
const SLICE = 10_000;

async function deleteInSlices(db: Knex, table: string, projectId: number): Promise<number> {
  let deleted = 0;
  for (;;) {
    const count = Number(await db(table).where('project_id', projectId).limit(SLICE).delete());
    deleted += count;
    if (count < SLICE) return deleted;
  }
}

/**
 * Deletes every row of one project from `tables` (each keyed or indexed by `project_id` first), in
 * order, and nothing else; returns the rows deleted from the first table. One transaction (SQLite),
 * or where the dialect `deletesInSlices` (MySQL) statements of at most 10,000 rows each, so a
 * project of millions of events neither bloats the undo log nor holds locks for minutes; if it is interrupted, calling it again finishes the job
 * (what it left is only of this project). Rows that arrive while it runs may survive it: revoke the
 * project's keys first (see docs/people-data.md).
 */
export async function deleteProjectRows(db: Knex, dialect: SqlDialect, projectId: number, tables: readonly [string, ...string[]]): Promise<number> {
  if (!dialect.deletesInSlices) {
    return db.transaction(async (trx) => {
      const counts: number[] = [];
      for (const table of tables) counts.push(Number(await trx(table).where('project_id', projectId).delete()));
      return counts[0] ?? 0;
    });
  }
  const counts: number[] = [];
  for (const table of tables) counts.push(await deleteInSlices(db, table, projectId));
  return counts[0] ?? 0;
}
