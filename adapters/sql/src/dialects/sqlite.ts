import { RateLimiterSQLite } from 'rate-limiter-flexible';
import { driverError } from './driver-error.js';
import { claimRowsReturning } from './sqlite-claim.js';
import { asBindings } from './sql-dialect.js';
import type { RawStatement, SchemaStyle, SqlDialect, SqlRow } from './sql-dialect.js';
import { nameList, valuesPlaceholders } from './statement-text.js';

/** SQLite's cap on bound parameters in one statement (SQLITE_MAX_VARIABLE_NUMBER since 3.32). */
const SQLITE_MAX_VARIABLES = 32_766;

const UNIQUE_CODES: readonly unknown[] = ['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY'];
const RETRYABLE_CODES: readonly unknown[] = ['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_LOCKED'];

const quoteName = (name: string): string => `"${name}"`;

/** `INSERT INTO table (columns) VALUES (?, ?), (?, ?)`: one `?` per value (better-sqlite3 binds each). */
function insertRows(table: string, columns: readonly string[], rows: readonly SqlRow[]): RawStatement {
  return {
    sql: `INSERT INTO ${quoteName(table)} (${nameList(quoteName, columns)}) VALUES ${valuesPlaceholders(columns.length, rows.length)}`,
    bindings: asBindings(rows.flat()),
  };
}

/** Tables as they come: TEXT compares by bytes already. */
const SCHEMA_STYLE: SchemaStyle = {
  tableOptions: () => undefined,
  jsonType: 'text',
  blobType: 'blob',
  asciiId: (table, name, length) => table.string(name, length),
  // virtual: SQLite adds no stored column to a table that has rows; an index keeps the value
  computedSmallInt: (expression) => `integer generated always as (${expression}) virtual`,
};

/**
 * SQLite through better-sqlite3 (knex client `better-sqlite3`). One writer at a time, so reads need
 * no locks and a deletion is one transaction; without ANALYZE statistics the planner may prefer, say,
 * the `(project_id, event_name, ts)` index to skip a sort and read a whole project for one person
 * (seen in EXPLAIN QUERY PLAN), so the people queries pin their index (`INDEXED BY`).
 */
export const sqliteDialect: SqlDialect = {
  name: 'sqlite',
  knexDialect: 'sqlite3',

  rawRows: <T>(result: unknown) => (Array.isArray(result) ? (result as T[]) : []),
  isUniqueViolation: (error) => UNIQUE_CODES.includes(driverError(error).code),
  isRetryable: (error) => RETRYABLE_CODES.includes(driverError(error).code),

  maxParameters: SQLITE_MAX_VARIABLES,
  quoteName,
  insertIgnore(table, columns, rows) {
    const { sql, bindings } = insertRows(table, columns, rows);
    return { sql: `${sql} ON CONFLICT DO NOTHING`, bindings };
  },
  upsertAdding(table, key, added, rows, kept = []) {
    const { sql, bindings } = insertRows(table, [...key, ...added, ...kept], rows);
    const sums = added.map(quoteName).map((name) => `${name} = ${name} + excluded.${name}`);
    return { sql: `${sql} ON CONFLICT (${nameList(quoteName, key)}) DO UPDATE SET ${sums.join(', ')}`, bindings };
  },

  // integers divide as integers
  intDiv: (expression, by) => `(${expression} / ${by})`,
  monthStart: (day) => `strftime('%Y-%m-01', ${day} * 86400, 'unixepoch')`,
  integerText: (expression) => `CAST(${expression} AS TEXT)`,
  nullSafeEqual: (a, b) => `${a} IS ${b}`,
  orderedJoin: 'JOIN',
  sharedCte: (_name, select) => select,

  jsonText: (db, column, path) => db.raw(`json_extract(${column}, ?)`, [path]),
  jsonNumber: (db, column, path) => db.raw(`json_extract(${column}, ?)`, [path]),
  jsonStringMember: (db, column, path) => db.raw(`CASE WHEN json_type(${column}, ?) = 'text' THEN json_extract(${column}, ?) END`, [path, path]),
  jsonNumberMember: (db, column, path) => db.raw(`CASE WHEN json_type(${column}, ?) IN ('integer', 'real') THEN json_extract(${column}, ?) END`, [path, path]),
  jsonHasPath: (db, column, path) => db.raw(`json_type(${column}, ?) IS NOT NULL`, [path]),
  jsonMergePatch: (db, column, patchJson) => db.raw('json_patch(??, ?)', [column, patchJson]),
  exactText: (_db, value) => value,
  exactColumn: (expression) => expression,

  fromIndex: (db, table, index) => db.from(db.raw('?? INDEXED BY ??', [table, index])),
  lockShared: (query) => query,
  lockForUpdate: (query) => query,
  deletesInSlices: false,
  cancelsQueries: false,
  readsConcurrently: false,

  // julianday('now') has sub-millisecond resolution; rounded to the millisecond
  clockMs: "CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER)",
  claimRows: claimRowsReturning,

  schemaStyle: () => Promise.resolve(SCHEMA_STYLE),
  rateLimiterStore: () => Promise.resolve((options) => new RateLimiterSQLite(options)),
};
