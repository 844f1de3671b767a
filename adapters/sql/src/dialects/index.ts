import type { Knex } from 'knex';
import type { SqlTarget } from '../sql-url.js';
import { mysqlConnection } from './mysql-connection.js';
import { mysqlDialect } from './mysql.js';
import type { SqlConnection } from './sql-connection.js';
import type { SqlDialect, SqlDialectName } from './sql-dialect.js';
import { sqliteConnection } from './sqlite-connection.js';
import { sqliteDialect } from './sqlite.js';

/**
 * Every dialect by name: the one place dialects are chosen. A new database is its dialect object
 * (`dialects/<name>.ts`), its connection (`dialects/<name>-connection.ts`), its URL (`sql-url.ts`)
 * and a line here and in `connectionOf`.
 */
export const DIALECTS: Readonly<Record<SqlDialectName, SqlDialect>> = {
  mysql: mysqlDialect,
  sqlite: sqliteDialect,
};

/** The dialect object of a name; a dialect object is returned as it is. */
export function toDialect(dialect: SqlDialect | SqlDialectName): SqlDialect {
  return typeof dialect === 'string' ? DIALECTS[dialect] : dialect;
}

/** The dialect of a knex instance (knex names them `mysql` for mysql/mysql2 and `sqlite3` for both SQLite clients). */
export function dialectOfKnex(db: Knex): SqlDialect {
  const client: unknown = db.client;
  const name = typeof client === 'object' && client !== null && 'dialect' in client ? client.dialect : undefined;
  const dialect = Object.values(DIALECTS).find((candidate) => candidate.knexDialect === name);
  if (!dialect)
    throw new Error(
      `Unsupported knex dialect: ${String(name)} (expected ${Object.values(DIALECTS)
        .map((known) => known.knexDialect)
        .join(' or ')})`,
    );
  return dialect;
}

/** How to open a pool on the database of a URL. */
export function connectionOf(target: SqlTarget, timeoutMs: number): SqlConnection {
  switch (target.dialect) {
    case 'mysql':
      return mysqlConnection(target, timeoutMs);
    case 'sqlite':
      return sqliteConnection(target, timeoutMs);
  }
}
