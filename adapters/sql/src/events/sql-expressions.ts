import type { Knex } from 'knex';
import type { AggregateInterval, PropertyFilter } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';

/** The UTC day number of an epoch-ms column. `column` is a trusted identifier of ours, never input. */
export function dayExpression(dialect: SqlDialect, column: string): string {
  return dialect.intDiv(column, 86_400_000);
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
      return dialect.intDiv(ts, 3_600_000);
    case 'day':
      return day;
    case 'week':
      return `(${day} - ((${day} + 3) % 7))`;
    case 'month':
      return dialect.monthStart(day);
  }
}

/** A JSON path naming one key, whatever characters it holds (MariaDB and SQLite read the same escapes). */
export function jsonPath(key: string): string {
  return `$."${key.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** A string property of `str_props` (NULL when absent), comparable with `dialect.exactText`; the path is bound. */
export function stringProperty(db: Knex, dialect: SqlDialect, key: string): Knex.Raw {
  return dialect.jsonText(db, 'str_props', jsonPath(key));
}

/** A numeric property of `num_props` as a double (NULL when absent). */
export function numberProperty(db: Knex, dialect: SqlDialect, key: string): Knex.Raw {
  return dialect.jsonNumber(db, 'num_props', jsonPath(key));
}

/** Adds one filter to `query` with the rules of the PropertyFilter docs (the memory adapter's too). */
export function applyFilter(query: Knex.QueryBuilder, db: Knex, dialect: SqlDialect, filter: PropertyFilter): void {
  if (filter.op === 'is_set') {
    const path = jsonPath(filter.property);
    void query.where((either) => void either.where(dialect.jsonHasPath(db, 'str_props', path)).orWhere(dialect.jsonHasPath(db, 'num_props', path)));
    return;
  }
  const value = typeof filter.value === 'string' ? dialect.exactText(db, filter.value) : filter.value;
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
