import type { Knex } from 'knex';
import type { EventStep, PropertyFilter } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { jsonPath, numberProperty, stringProperty } from './sql-expressions.js';

/** One filter as a condition on a row of `ns_events`: the rules of `applyFilter` (and the memory adapter's). */
export function filterCondition(db: Knex, dialect: SqlDialect, filter: PropertyFilter): Knex.Raw {
  if (filter.op === 'is_set') {
    const path = jsonPath(filter.property);
    return db.raw('(? OR ?)', [dialect.jsonHasPath(db, 'str_props', path), dialect.jsonHasPath(db, 'num_props', path)]);
  }
  const value = typeof filter.value === 'string' ? dialect.exactText(db, filter.value) : filter.value;
  const actual = typeof filter.value === 'string' ? stringProperty(db, dialect, filter.property) : numberProperty(db, dialect, filter.property);
  switch (filter.op) {
    case 'eq':
      return db.raw('(? = ?)', [actual, value]);
    case 'neq':
      return db.raw('(? IS NULL OR ? <> ?)', [actual, actual, value]);
    case 'contains':
      return db.raw('(INSTR(?, ?) > 0)', [actual, value]);
    case 'gt':
      return db.raw('(? > ?)', [actual, value]);
    case 'lt':
      return db.raw('(? < ?)', [actual, value]);
  }
}

/** A row of `ns_events` is an occurrence of `step`: its event name, and every filter. */
export function stepCondition(db: Knex, dialect: SqlDialect, step: EventStep): Knex.Raw {
  const parts = [db.raw('event_name = ?', [step.event]), ...(step.filters ?? []).map((filter) => filterCondition(db, dialect, filter))];
  return db.raw(`(${parts.map(() => '?').join(' AND ')})`, parts);
}

/** An integer computed by us (a window, an offset, a bound), written into SQL text as a literal. */
export function literal(value: number): string {
  if (!Number.isSafeInteger(value)) throw new Error(`Not an integer: ${value}`);
  return String(value);
}
