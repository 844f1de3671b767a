import type { Knex } from 'knex';
import type { SqlDialect } from './dialects/sql-dialect.js';
import { MIGRATIONS } from './migrations/index.js';
import type { SqlMigration } from './migrations/index.js';

/** The table knex records applied migrations in (plus `ns_migrations_lock`). */
export const MIGRATIONS_TABLE = 'ns_migrations';

/** knex's migration source over the compiled-in list: no files are read at run time, so the bundle works. */
function migrationSource(dialect: SqlDialect, migrations: readonly SqlMigration[]): Knex.MigrationSource<SqlMigration> {
  return {
    getMigrations: () => Promise.resolve([...migrations]),
    getMigrationName: (migration) => migration.name,
    getMigration: (migration) =>
      Promise.resolve({
        up: (db: Knex) => migration.up(db, dialect),
        down: () => Promise.reject(new Error(`Migrations are forward-only: ${migration.name} cannot be undone`)),
      }),
  };
}

/**
 * Applies the migrations not yet applied; a no-op when the schema is current. Returns the names
 * applied. `migrations` is every migration unless a test builds an older schema (a prefix of it).
 */
export async function runMigrations(db: Knex, dialect: SqlDialect, migrations: readonly SqlMigration[] = MIGRATIONS): Promise<string[]> {
  const [, applied] = (await db.migrate.latest({ migrationSource: migrationSource(dialect, migrations), tableName: MIGRATIONS_TABLE })) as [number, string[]];
  return applied;
}
