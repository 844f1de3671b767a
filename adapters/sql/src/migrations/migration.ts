import type { Knex } from 'knex';
import type { SqlDialect } from '../dialects/sql-dialect.js';

/** One forward-only schema step. `name` is recorded in `ns_migrations` and must never change. */
export interface SqlMigration {
  name: string;
  up(db: Knex, dialect: SqlDialect): Promise<void>;
}
