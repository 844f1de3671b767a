import type { Knex } from 'knex';
import type { SqlDialect, SqlRow, SqlValue } from '../dialects/sql-dialect.js';

/** Rows per multi-row statement at most, on either dialect (the group committer's batch cap). */
const MAX_ROWS = 5_000;

/**
 * Bytes of bound values in one MySQL statement at most: far under `max_allowed_packet` (16 MB on
 * MariaDB 10.11, 64 MB on MySQL 8), so a batch of large events is split rather than refused.
 */
export const MAX_STATEMENT_BYTES = 4_000_000;

/** Rows per statement for a table of `columns` columns: the dialect's parameter cap, else MAX_ROWS. */
export function rowsPerStatement(dialect: SqlDialect, columns: number): number {
  return Math.min(MAX_ROWS, Math.floor(dialect.maxParameters / columns));
}

/**
 * A multi-row insert that skips rows whose unique key exists and returns `returning` of the rows
 * it really inserted: `INSERT IGNORE ... RETURNING` on MariaDB (10.5+), `ON CONFLICT DO NOTHING
 * RETURNING` on SQLite. A duplicate held by another open transaction makes the insert wait for it,
 * so with concurrent writers each row is reported as inserted by exactly one of them. The caller
 * keeps a statement within `rowsPerStatement` rows (and `MAX_STATEMENT_BYTES`).
 */
export async function insertIgnoreReturning<T>(
  db: Knex | Knex.Transaction,
  dialect: SqlDialect,
  table: string,
  columns: readonly string[],
  rows: readonly SqlRow[],
  returning: readonly string[],
): Promise<T[]> {
  if (rows.length === 0) return [];
  const { sql, bindings } = dialect.insertIgnore(table, columns, rows);
  return dialect.rawRows<T>(await db.raw(`${sql} RETURNING ${returning.map((name) => dialect.quoteName(name)).join(', ')}`, bindings));
}

/** A multi-row insert that skips rows whose unique key exists (`INSERT IGNORE` / `ON CONFLICT DO NOTHING`). */
export async function insertIgnore(
  db: Knex | Knex.Transaction,
  dialect: SqlDialect,
  table: string,
  columns: readonly string[],
  rows: readonly SqlRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const { sql, bindings } = dialect.insertIgnore(table, columns, rows);
  await db.raw(sql, bindings);
}

/**
 * A multi-row upsert that adds `added` columns of each row to the existing row of the same `key`
 * (`ON DUPLICATE KEY UPDATE c = c + VALUES(c)` / `ON CONFLICT (key) DO UPDATE SET c = c + excluded.c`);
 * `kept` columns, last in each row, are written by an insert only.
 */
export async function upsertAdding(
  db: Knex | Knex.Transaction,
  dialect: SqlDialect,
  table: string,
  key: readonly string[],
  added: readonly string[],
  rows: readonly SqlRow[],
  kept: readonly string[] = [],
): Promise<void> {
  if (rows.length === 0) return;
  const { sql, bindings } = dialect.upsertAdding(table, key, added, rows, kept);
  await db.raw(sql, bindings);
}

/** `insertIgnoreReturning` for a few rows given as objects with the same keys (links, replay chunks). */
export function insertObjectsIgnoreReturning<T>(
  db: Knex | Knex.Transaction,
  dialect: SqlDialect,
  table: string,
  rows: readonly Readonly<Record<string, SqlValue>>[],
  returning: readonly string[],
): Promise<T[]> {
  const first = rows[0];
  const columns = first ? Object.keys(first) : [];
  const values = rows.map((row) => columns.map((column) => row[column] ?? null));
  return insertIgnoreReturning<T>(db, dialect, table, columns, values, returning);
}
