import type { Knex } from 'knex';

/**
 * The event's index in the query's `events`, as an expression over `f.event_name`, for the keys of sorts,
 * groups and DISTINCTs: a name (up to 200 characters) as such a key made MariaDB's p90 three times slower
 * (0.65 s against 0.2 s at 1 M bench events) and sent dau's DISTINCT to disk (16.8 s at 10 M). One event is
 * the constant 0 (its CASE cost p90 per day 0.3 s of 2.4 s at 10 M). `eventOfIndex` reads it back.
 */
export function eventIndex(db: Knex, events: readonly string[]): Knex.Raw {
  if (events.length === 1) return db.raw('0');
  return db.raw(`CASE f.event_name ${events.map((_, i) => `WHEN ? THEN ${i}`).join(' ')} END`, [...events]);
}

/** The event name of an index `eventIndex` gave. */
export const eventOfIndex = (events: readonly string[], index: unknown): string => events[Number(index)] ?? String(index);
