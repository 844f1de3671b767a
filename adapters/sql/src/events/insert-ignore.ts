import type { Knex } from 'knex';
import { rawRows } from '../dialect.js';
import type { SqlDialect } from '../dialect.js';

/** A value bound to one placeholder (knex turns booleans into 0/1 for SQLite). */
export type SqlValue = string | number | boolean | null | Buffer;

/** SQLite's cap on bound parameters in one statement (SQLITE_MAX_VARIABLE_NUMBER since 3.32). */
const SQLITE_MAX_VARIABLES = 32_766;

/** Rows per multi-row statement at most, on either dialect (the group committer's batch cap). */
const MAX_ROWS = 5_000;

/**
 * Bytes of bound values in one MySQL statement at most: far under `max_allowed_packet` (16 MB on
 * MariaDB 10.11, 64 MB on MySQL 8), so a batch of large events is split rather than refused.
 */
export const MAX_STATEMENT_BYTES = 4_000_000;

/** Rows per statement for a table of `columns` columns: SQLite's parameter cap, else MAX_ROWS. */
export function rowsPerStatement(dialect: SqlDialect, columns: number): number {
  return dialect === 'mysql' ? MAX_ROWS : Math.min(MAX_ROWS, Math.floor(SQLITE_MAX_VARIABLES / columns));
}

/** A trusted identifier of ours (table or column name), quoted for the dialect; never input. */
export function quoteName(dialect: SqlDialect, name: string): string {
  return dialect === 'mysql' ? `\`${name}\`` : `"${name}"`;
}

const columnList = (dialect: SqlDialect, columns: readonly string[]) => columns.map((column) => quoteName(dialect, column)).join(', ');

/** `(?, ?, ?), (?, ?, ?)`: `rows` groups of `columns` placeholders, built with one repeat, no per-row work. */
export function valuesPlaceholders(columns: number, rows: number): string {
  const group = `(${'?, '.repeat(columns - 1)}?)`;
  return `${`${group}, `.repeat(rows - 1)}${group}`;
}

/** One row's values, in the order of the statement's columns. */
export type SqlRow = readonly SqlValue[];

/**
 * `INSERT [IGNORE] INTO table (columns) VALUES ...` and its bindings; the values are always bound,
 * never written into the text. On MySQL one placeholder takes the whole list of rows, which mysql2
 * expands into escaped `(...), (...)` groups, as its documented bulk insert does: knex then handles
 * one binding instead of one per value (knex's per-binding pass cost as much CPU as the escaping).
 * SQLite gets one `?` per value (better-sqlite3 binds each).
 */
function insertStatement(dialect: SqlDialect, table: string, columns: readonly string[], rows: readonly SqlRow[], ignore: boolean): { sql: string; bindings: Knex.RawBinding[] } {
  const verb = ignore && dialect === 'mysql' ? 'INSERT IGNORE INTO' : 'INSERT INTO';
  const head = `${verb} ${quoteName(dialect, table)} (${columnList(dialect, columns)}) VALUES `;
  if (dialect === 'mysql') return { sql: `${head}?`, bindings: [rows as unknown as Knex.RawBinding] };
  return { sql: `${head}${valuesPlaceholders(columns.length, rows.length)}`, bindings: rows.flat() };
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
  const { sql, bindings } = insertStatement(dialect, table, columns, rows, true);
  const conflict = dialect === 'mysql' ? '' : ' ON CONFLICT DO NOTHING';
  return rawRows<T>(await db.raw(`${sql}${conflict} RETURNING ${columnList(dialect, returning)}`, bindings), dialect);
}

/** A multi-row insert that skips rows whose unique key exists (`INSERT IGNORE` / `ON CONFLICT DO NOTHING`). */
export async function insertIgnore(db: Knex | Knex.Transaction, dialect: SqlDialect, table: string, columns: readonly string[], rows: readonly SqlRow[]): Promise<void> {
  if (rows.length === 0) return;
  const { sql, bindings } = insertStatement(dialect, table, columns, rows, true);
  await db.raw(dialect === 'mysql' ? sql : `${sql} ON CONFLICT DO NOTHING`, bindings);
}

/**
 * A multi-row upsert that adds `added` columns of each row to the existing row of the same `key`
 * (`ON DUPLICATE KEY UPDATE c = c + VALUES(c)` / `ON CONFLICT (key) DO UPDATE SET c = c + excluded.c`).
 */
export async function upsertAdding(
  db: Knex | Knex.Transaction,
  dialect: SqlDialect,
  table: string,
  key: readonly string[],
  added: readonly string[],
  rows: readonly SqlRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const { sql, bindings } = insertStatement(dialect, table, [...key, ...added], rows, false);
  const sums = added.map((column) => {
    const name = quoteName(dialect, column);
    return dialect === 'mysql' ? `${name} = ${name} + VALUES(${name})` : `${name} = ${name} + excluded.${name}`;
  });
  const update = dialect === 'mysql' ? ' ON DUPLICATE KEY UPDATE ' : ` ON CONFLICT (${columnList(dialect, key)}) DO UPDATE SET `;
  await db.raw(`${sql}${update}${sums.join(', ')}`, bindings);
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
