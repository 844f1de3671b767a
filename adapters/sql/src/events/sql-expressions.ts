import type { Knex } from 'knex';
import type { AggregateInterval, PropertyFilter } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';

/** The UTC day number of an epoch-ms column. `column` is a trusted identifier of ours, never input. */
export function dayExpression(dialect: SqlDialect, column: string): string {
  return dialect.intDiv(column, 86_400_000);
}

/**
 * The day-based bucket of a row: for day the day number, for week the day number of its Monday (day 0
 * was a Thursday), for month the text `YYYY-MM-01`. `day` is a day-number expression. Hours are
 * `zonedBucketExpression`'s.
 */
export function bucketExpression(dialect: SqlDialect, interval: Exclude<AggregateInterval, 'hour'>, day: string): string {
  switch (interval) {
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
  whereCompared(query, filter.op, actual, value);
}

/**
 * `actual op value` for the comparing operators, with the PropertyFilter rules: `neq` also holds where
 * `actual` is NULL (the property is absent); `contains` is a case-sensitive substring test.
 */
export function whereCompared(query: Knex.QueryBuilder, op: Exclude<PropertyFilter['op'], 'is_set'>, actual: Knex.Value, value: Knex.Value): void {
  switch (op) {
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
