import type { Knex } from 'knex';
import type { AggregateInterval, PropertyFilter } from '@northstar/server';
import type { SqlDialect } from '../dialect.js';

/** Integer division (both operands integers): `DIV` on MySQL, `/` on SQLite. */
function div(dialect: SqlDialect, column: string, by: number): string {
  return dialect === 'mysql' ? `(${column} DIV ${by})` : `(${column} / ${by})`;
}

/** The UTC day number of an epoch-ms column. `column` is a trusted identifier of ours, never input. */
export function dayExpression(dialect: SqlDialect, column: string): string {
  return div(dialect, column, 86_400_000);
}

/**
 * The bucket of a row: for hour the hour number, for day the day number, for week the day number
 * of its Monday (day 0 was a Thursday), for month the text `YYYY-MM-01`. `day` is a day-number
 * expression; `ts` an epoch-ms one (needed for hours only).
 */
export function bucketExpression(dialect: SqlDialect, interval: AggregateInterval, day: string, ts?: string): string {
  switch (interval) {
    case 'hour':
      if (ts === undefined) throw new Error('Hourly buckets need the event time');
      return div(dialect, ts, 3_600_000);
    case 'day':
      return day;
    case 'week':
      return `(${day} - ((${day} + 3) % 7))`;
    case 'month':
      return dialect === 'mysql' ? `DATE_FORMAT(DATE_ADD('1970-01-01', INTERVAL ${day} DAY), '%Y-%m-01')` : `strftime('%Y-%m-01', ${day} * 86400, 'unixepoch')`;
  }
}

/** A JSON path naming one key, whatever characters it holds (MariaDB and SQLite read the same escapes). */
export function jsonPath(key: string): string {
  return `$."${key.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/**
 * A string property of `str_props` (NULL when absent); the path is a bound value. On MySQL as
 * bytes (`CAST(... AS BINARY)`): JSON functions answer in utf8mb4_bin, which pads trailing spaces
 * and clashes with the connection's collation; bytes compare, sort and group exactly, like SQLite.
 */
export function stringProperty(db: Knex, dialect: SqlDialect, key: string): Knex.Raw {
  return dialect === 'mysql' ? db.raw('CAST(JSON_UNQUOTE(JSON_EXTRACT(str_props, ?)) AS BINARY)', [jsonPath(key)]) : db.raw('json_extract(str_props, ?)', [jsonPath(key)]);
}

/** A string to compare with `stringProperty`, in the same representation. */
function stringValue(db: Knex, dialect: SqlDialect, value: string): Knex.Raw | string {
  return dialect === 'mysql' ? db.raw('CAST(? AS BINARY)', [value]) : value;
}

/** A numeric property of `num_props` as a double (NULL when absent). */
export function numberProperty(db: Knex, dialect: SqlDialect, key: string): Knex.Raw {
  return dialect === 'mysql' ? db.raw('CAST(JSON_EXTRACT(num_props, ?) AS DOUBLE)', [jsonPath(key)]) : db.raw('json_extract(num_props, ?)', [jsonPath(key)]);
}

function hasKey(db: Knex, dialect: SqlDialect, column: 'str_props' | 'num_props', key: string): Knex.Raw {
  return dialect === 'mysql' ? db.raw(`JSON_CONTAINS_PATH(${column}, 'one', ?) = 1`, [jsonPath(key)]) : db.raw(`json_type(${column}, ?) IS NOT NULL`, [jsonPath(key)]);
}

/** Adds one filter to `query` with the rules of the PropertyFilter docs (the memory adapter's too). */
export function applyFilter(query: Knex.QueryBuilder, db: Knex, dialect: SqlDialect, filter: PropertyFilter): void {
  if (filter.op === 'is_set') {
    void query.where((either) => void either.where(hasKey(db, dialect, 'str_props', filter.property)).orWhere(hasKey(db, dialect, 'num_props', filter.property)));
    return;
  }
  const value = typeof filter.value === 'string' ? stringValue(db, dialect, filter.value) : filter.value;
  const actual = typeof filter.value === 'string' ? stringProperty(db, dialect, filter.property) : numberProperty(db, dialect, filter.property);
  switch (filter.op) {
    case 'eq':
      void query.whereRaw('? = ?', [actual, value]);
      return;
    case 'neq':
      void query.where((either) => void either.whereRaw('? IS NULL', [actual]).orWhereRaw('? <> ?', [actual, value]));
      return;
    case 'contains':
      void query.whereRaw('INSTR(?, ?) > 0', [actual, value]);
      return;
    case 'gt':
      void query.whereRaw('? > ?', [actual, value]);
      return;
    case 'lt':
      void query.whereRaw('? < ?', [actual, value]);
  }
}
