import type { Knex } from 'knex';

/** `mysql`: MySQL / MariaDB through mysql2. `sqlite`: SQLite through better-sqlite3. */
export type SqlDialect = 'mysql' | 'sqlite';

/** The dialect of a knex instance (knex names them `mysql` for mysql/mysql2 and `sqlite3` for both SQLite clients). */
export function dialectOfKnex(db: Knex): SqlDialect {
  const client: unknown = db.client;
  const name = typeof client === 'object' && client !== null && 'dialect' in client ? client.dialect : undefined;
  if (name === 'mysql') return 'mysql';
  if (name === 'sqlite3') return 'sqlite';
  throw new Error(`Unsupported knex dialect: ${String(name)} (expected mysql or sqlite3)`);
}

/** Rows of a `db.raw()` result: mysql2 answers `[rows, fields]`, better-sqlite3 the rows themselves. */
export function rawRows<T>(result: unknown, dialect: SqlDialect): T[] {
  const rows: unknown = dialect === 'mysql' && Array.isArray(result) ? result[0] : result;
  return Array.isArray(rows) ? (rows as T[]) : [];
}
