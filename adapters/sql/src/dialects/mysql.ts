import type { Knex } from 'knex';
import { RateLimiterMySQL } from 'rate-limiter-flexible';
import { driverError } from './driver-error.js';
import { claimRowsSkippingLocked } from './mysql-claim.js';
import type { RawStatement, SchemaStyle, SqlDialect, SqlRow } from './sql-dialect.js';
import { nameList } from './statement-text.js';

/** mysql2 answers a raw query with `[rows, fields]`. */
function rawRows<T>(result: unknown): T[] {
  const rows: unknown = Array.isArray(result) ? result[0] : result;
  return Array.isArray(rows) ? (rows as T[]) : [];
}

const quoteName = (name: string): string => `\`${name}\``;

/**
 * `<verb> table (columns) VALUES ?`: one placeholder takes the whole list of rows, which mysql2
 * expands into escaped `(...), (...)` groups, as its documented bulk insert does: knex then handles
 * one binding instead of one per value (knex's per-binding pass cost as much CPU as the escaping).
 */
function insertRows(verb: string, table: string, columns: readonly string[], rows: readonly SqlRow[]): RawStatement {
  return { sql: `${verb} ${quoteName(table)} (${nameList(quoteName, columns)}) VALUES ?`, bindings: [rows as unknown as Knex.RawBinding] };
}

/**
 * The binary, no-pad collation of the server: ids that differ in case, accents or trailing spaces
 * stay different, as in SQLite and JS (`utf8mb4_bin` would ignore trailing spaces).
 */
async function binaryCollation(db: Knex): Promise<string> {
  const [row] = rawRows<{ version: string }>(await db.raw('SELECT VERSION() AS version'));
  return row?.version.includes('MariaDB') ? 'utf8mb4_nopad_bin' : 'utf8mb4_0900_bin';
}

async function currentDatabase(db: Knex): Promise<string> {
  const [row] = rawRows<{ name: string | null }>(await db.raw('SELECT DATABASE() AS name'));
  if (!row?.name) throw new Error('The MySQL connection has no current database');
  return row.name;
}

/**
 * MySQL / MariaDB through mysql2 (knex client `mysql2`). `INSERT IGNORE ... RETURNING` and
 * `DELETE ... RETURNING` need MariaDB 10.5+. Strings taken from JSON are compared as bytes: JSON
 * functions answer in utf8mb4_bin, which pads trailing spaces and clashes with the connection's
 * collation; bytes compare, sort and group exactly, like SQLite. InnoDB locks rows and gaps, so
 * concurrent writers are serialised by `FOR SHARE` / `FOR UPDATE` reads.
 */
export const mysqlDialect: SqlDialect = {
  name: 'mysql',
  knexDialect: 'mysql',

  rawRows,
  isUniqueViolation: (error) => driverError(error).code === 'ER_DUP_ENTRY',
  // deadlock (1213) and lock wait timeout (1205)
  isRetryable: (error) => {
    const { errno } = driverError(error);
    return errno === 1213 || errno === 1205;
  },

  maxParameters: Infinity,
  quoteName,
  insertIgnore: (table, columns, rows) => insertRows('INSERT IGNORE INTO', table, columns, rows),
  upsertAdding(table, key, added, rows, kept = []) {
    const { sql, bindings } = insertRows('INSERT INTO', table, [...key, ...added, ...kept], rows);
    const sums = added.map(quoteName).map((name) => `${name} = ${name} + VALUES(${name})`);
    return { sql: `${sql} ON DUPLICATE KEY UPDATE ${sums.join(', ')}`, bindings };
  },

  intDiv: (expression, by) => `(${expression} DIV ${by})`,
  monthStart: (day) => `DATE_FORMAT(DATE_ADD('1970-01-01', INTERVAL ${day} DAY), '%Y-%m-01')`,
  integerText: (expression) => `CAST(${expression} AS CHAR)`,
  nullSafeEqual: (a, b) => `${a} <=> ${b}`,
  orderedJoin: 'STRAIGHT_JOIN',
  sharedCte: (name, select) => `${select}\n  UNION ALL SELECT * FROM ${quoteName(name)} WHERE 1 = 0`,

  jsonText: (db, column, path) => db.raw(`CAST(JSON_UNQUOTE(JSON_EXTRACT(${column}, ?)) AS BINARY)`, [path]),
  jsonNumber: (db, column, path) => db.raw(`CAST(JSON_EXTRACT(${column}, ?) AS DOUBLE)`, [path]),
  jsonStringMember: (db, column, path) =>
    db.raw(`CASE WHEN JSON_TYPE(JSON_EXTRACT(${column}, ?)) = 'STRING' THEN CAST(JSON_UNQUOTE(JSON_EXTRACT(${column}, ?)) AS BINARY) END`, [path, path]),
  jsonNumberMember: (db, column, path) =>
    db.raw(
      `CASE WHEN JSON_TYPE(JSON_EXTRACT(${column}, ?)) IN ('INTEGER', 'UNSIGNED INTEGER', 'DOUBLE', 'DECIMAL') THEN CAST(JSON_EXTRACT(${column}, ?) AS DOUBLE) END`,
      [path, path],
    ),
  jsonHasPath: (db, column, path) => db.raw(`JSON_CONTAINS_PATH(${column}, 'one', ?) = 1`, [path]),
  jsonMergePatch: (db, column, patchJson) => db.raw('JSON_MERGE_PATCH(??, ?)', [column, patchJson]),
  exactText: (db, value) => db.raw('CAST(? AS BINARY)', [value]),
  exactColumn: (expression) => `CAST(${expression} AS BINARY)`,

  // MySQL keeps statistics and picks the people indexes itself.
  fromIndex: (db, table) => db(table),
  lockShared: (query) => query.forShare(),
  lockForUpdate: (query) => query.forUpdate(),
  deletesInSlices: true,
  cancelsQueries: true,
  readsConcurrently: true,

  // NOW(3) in the session's time zone, which the connection sets to UTC
  clockMs: 'CAST(UNIX_TIMESTAMP(NOW(3)) * 1000 AS SIGNED)',
  claimRows: claimRowsSkippingLocked,

  async schemaStyle(db): Promise<SchemaStyle> {
    const collation = await binaryCollation(db);
    return {
      // InnoDB (row locks), utf8mb4 (emoji) and the binary no-pad collation
      tableOptions(table) {
        table.engine('InnoDB');
        table.charset('utf8mb4');
        table.collate(collation);
      },
      jsonType: 'longtext',
      blobType: 'longblob',
      // ascii: a 36-byte key in a unique index instead of 144 (utf8mb4)
      asciiId: (table, name, length) => table.specificType(name, `char(${length}) character set ascii collate ascii_bin`),
      // stored: an indexed virtual column is computed again by purge and rollback, where InnoDB has had bugs
      computedSmallInt: (expression) => `tinyint unsigned generated always as (${expression}) stored`,
    };
  },

  async rateLimiterStore(db) {
    // the current database names the table in the library's queries (`??.??`)
    const dbName = await currentDatabase(db);
    return (options) => new RateLimiterMySQL({ ...options, dbName });
  },
};
