import type { Knex } from 'knex';
import { rawRows } from '../dialect.js';
import type { SqlDialect } from '../dialect.js';

/** Rows per statement: knex builds SQLite multi-row inserts from `UNION ALL` selects, capped at 500 terms. */
export function rowsPerStatement(dialect: SqlDialect): number {
  return dialect === 'mysql' ? 1000 : 500;
}

/** Statement-sized slices of `rows`: at most `rowsPerStatement` rows and about 4 MB of JSON each. */
export function chunkRows<T extends object>(rows: readonly T[], dialect: SqlDialect, size: (row: T) => number = () => 0): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const row of rows) {
    const rowBytes = size(row);
    if (current.length > 0 && (current.length >= rowsPerStatement(dialect) || bytes + rowBytes > 4_000_000)) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(row);
    bytes += rowBytes;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/**
 * A multi-row insert that skips rows whose unique key exists and returns `returning` of the rows
 * it really inserted: `INSERT IGNORE ... RETURNING` on MariaDB (10.5+), `ON CONFLICT DO NOTHING
 * RETURNING` on SQLite. A duplicate held by another open transaction makes the insert wait for it,
 * so with concurrent writers each row is reported as inserted by exactly one of them.
 */
export async function insertIgnoreReturning<T>(
  db: Knex | Knex.Transaction,
  dialect: SqlDialect,
  table: string,
  rows: readonly object[],
  returning: readonly string[],
): Promise<T[]> {
  if (rows.length === 0) return [];
  const insert = db(table).insert([...rows]).onConflict().ignore().toSQL();
  const columns = returning.map(() => '??').join(', ');
  const bindings = [...insert.bindings, ...returning];
  return rawRows<T>(await db.raw(`${insert.sql} RETURNING ${columns}`, bindings), dialect);
}
