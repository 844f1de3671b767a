import type { Knex } from 'knex';
import type { SqlDialect } from '../dialect.js';

/** Every table with rows of a project besides `ns_events`; all keyed or indexed by `project_id` first. */
const PROJECT_TABLES = ['ns_person_days', 'ns_daily_counts', 'ns_device_links', 'ns_users', 'ns_user_properties', 'ns_replay_chunks'];

/** Rows per `DELETE ... LIMIT` on MySQL: short transactions, a bounded undo log, no long lock on the tables. */
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
 * Deletes every event, rollup row, device link, user id, user property and replay chunk of one
 * project and nothing else; returns the events deleted. SQLite: one transaction. MySQL: statements of at most
 * 10,000 rows each, events first, so a project of millions of events neither bloats the undo log
 * nor holds locks for minutes; if it is interrupted, calling it again finishes the job (what it
 * left is only of this project). Events that arrive while it runs may survive it: revoke the
 * project's keys first (see docs/people-data.md).
 */
export async function deleteProjectData(db: Knex, dialect: SqlDialect, projectId: number): Promise<number> {
  if (dialect === 'sqlite') {
    return db.transaction(async (trx) => {
      const events = Number(await trx('ns_events').where('project_id', projectId).delete());
      for (const table of PROJECT_TABLES) await trx(table).where('project_id', projectId).delete();
      return events;
    });
  }
  const events = await deleteInSlices(db, 'ns_events', projectId);
  for (const table of PROJECT_TABLES) await deleteInSlices(db, table, projectId);
  return events;
}
