import type { Knex } from 'knex';
import type { SqlDialect } from '../dialect.js';
import { rawRows } from '../dialect.js';

/** One forward-only schema step. `name` is recorded in `ns_migrations` and must never change. */
export interface SqlMigration {
  name: string;
  up(db: Knex, dialect: SqlDialect): Promise<void>;
}

/**
 * The binary, no-pad collation of the server: ids that differ in case, accents or trailing spaces
 * stay different, as in SQLite and JS (`utf8mb4_bin` would ignore trailing spaces).
 */
export async function binaryCollation(db: Knex): Promise<string> {
  const [row] = rawRows<{ version: string }>(await db.raw('SELECT VERSION() AS version'), 'mysql');
  return row?.version.includes('MariaDB') ? 'utf8mb4_nopad_bin' : 'utf8mb4_0900_bin';
}

/** Table options for MySQL/MariaDB: InnoDB, utf8mb4 (emoji) and `collation`; nothing on SQLite. */
export function tableOptions(table: Knex.CreateTableBuilder, dialect: SqlDialect, collation: string): void {
  if (dialect !== 'mysql') return;
  table.engine('InnoDB');
  table.charset('utf8mb4');
  table.collate(collation);
}
