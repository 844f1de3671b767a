import type { Knex } from 'knex';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import type { SqlMigration } from './migration.js';

/** Ids are at most 200 characters (LIMITS), as in 0001-events. */
const ID = 200;

/**
 * One person index on `ns_events` instead of three. A person's events all carry its person key
 * (its own, and its linked devices' anonymous ones, re-keyed when linked), so `(project_id,
 * person_key, ts, uuid)` serves a person's events newest first, their deletion, and the rollup
 * checks that used `(project_id, person_key)`. It replaces that index and 0003-people's
 * `(project_id, user_id, ts, uuid)` and `(project_id, device_id, ts, uuid)`, which almost doubled
 * the database's cost of an insert (docs/decisions.md, "Storage: events schema and rollups").
 * The distinct users of a project, which the user index listed, get their own small table
 * (`ns_users`, one row per project and user id, kept by `appendEvents`), filled here from the
 * events already stored.
 */
export const personEventsMigration: SqlMigration = {
  name: '0005-person-events',
  async up(db: Knex, dialect: SqlDialect) {
    const style = await dialect.schemaStyle(db);
    await db.schema.createTable('ns_users', (t) => {
      style.tableOptions(t);
      t.integer('project_id').unsigned().notNullable();
      t.string('user_id', ID).notNullable();
      t.primary(['project_id', 'user_id']);
    });
    await db.raw('INSERT INTO ns_users (project_id, user_id) SELECT DISTINCT project_id, user_id FROM ns_events WHERE user_id IS NOT NULL');

    await db.schema.alterTable('ns_events', (t) => {
      t.index(['project_id', 'person_key', 'ts', 'uuid'], 'ns_events_project_person_ts');
    });
    await db.schema.alterTable('ns_events', (t) => {
      t.dropIndex([], 'ns_events_project_person');
      t.dropIndex([], 'ns_events_project_user_ts');
      t.dropIndex([], 'ns_events_project_device_ts');
    });
  },
};
