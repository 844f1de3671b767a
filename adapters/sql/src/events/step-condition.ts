import type { Knex } from 'knex';
import type { EventStep } from '@northstar/server';
import type { SlotReader } from './slot-reader.js';

/** A row of `ns_events f` is an occurrence of `step`: its event name, and every filter (read by `reader`). */
export function stepCondition(db: Knex, reader: SlotReader, step: EventStep): Knex.Raw {
  const parts = [db.raw('f.event_name = ?', [step.event]), ...(step.filters ?? []).map((filter) => reader.condition(filter))];
  return db.raw(`(${parts.map(() => '?').join(' AND ')})`, parts);
}

/** An integer computed by us (a window, an offset, a bound), written into SQL text as a literal. */
export function literal(value: number): string {
  if (!Number.isSafeInteger(value)) throw new Error(`Not an integer: ${value}`);
  return String(value);
}
