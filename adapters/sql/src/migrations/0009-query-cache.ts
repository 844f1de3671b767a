import type { Knex } from 'knex';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import type { SqlMigration } from './migration.js';

/**
 * The result cache of the query engine (docs/queries.md "Result cache"):
 * - `ns_data_versions`: one counter per project, raised in the transaction of every write that can
 *   change an answer (appended events, a new device link, user properties, a user's or a project's
 *   deletion); a project without a row is at version 0;
 * - `ns_query_cache`: one answer per (project, query hash), valid for the version it was computed at
 *   and until `expires_at` (the database's clock, epoch ms).
 * Both live beside the events, so every process on one database shares them.
 */
export const queryCacheMigration: SqlMigration = {
  name: '0009-query-cache',
  async up(db: Knex, dialect: SqlDialect) {
    const style = await dialect.schemaStyle(db);

    await db.schema.createTable('ns_data_versions', (t) => {
      style.tableOptions(t);
      t.integer('project_id').unsigned().notNullable();
      t.bigInteger('version').notNullable();
      t.primary(['project_id']);
    });

    await db.schema.createTable('ns_query_cache', (t) => {
      style.tableOptions(t);
      t.integer('project_id').unsigned().notNullable();
      style.asciiId(t, 'query_hash', 64).notNullable();
      t.bigInteger('version').notNullable();
      t.bigInteger('expires_at').notNullable();
      t.specificType('result', style.jsonType).notNullable();
      t.primary(['project_id', 'query_hash']);
    });
  },
};
