import type { Knex } from 'knex';
import type { SqlDialect } from '../dialect.js';
import { chunkRows, insertIgnoreReturning } from './insert-ignore.js';
import type { EventRow } from './event-rows.js';
import { dayOf } from './event-rows.js';

interface DayKey {
  project_id: number;
  event_name: string;
  day: number;
}

interface DailyCount extends DayKey {
  total: number;
  uniq: number;
}

const keyOf = (row: DayKey) => JSON.stringify([row.project_id, row.event_name, row.day]);

/** Adds (or creates) daily counters; rows sorted by key so concurrent writers lock in one order. */
export async function addDailyCounts(trx: Knex.Transaction, dialect: SqlDialect, counts: DailyCount[]): Promise<void> {
  const sorted = [...counts].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1));
  const add = (column: string) => (dialect === 'mysql' ? trx.raw('?? + VALUES(??)', [column, column]) : trx.raw('?? + excluded.??', [`ns_daily_counts.${column}`, column]));
  for (const chunk of chunkRows(sorted, dialect)) {
    await trx('ns_daily_counts').insert(chunk).onConflict(['project_id', 'event_name', 'day']).merge({ total: add('total'), uniq: add('uniq') });
  }
}

/**
 * Keeps the rollups exact for newly inserted events (and only those: a duplicate never reaches
 * here): one `ns_person_days` row per (project, event, day, person), and `ns_daily_counts`
 * incremented by the events inserted and by the person-day rows that were genuinely new.
 */
export async function updateRollups(trx: Knex.Transaction, dialect: SqlDialect, inserted: readonly EventRow[]): Promise<void> {
  const counts = new Map<string, DailyCount>();
  const personDays = new Map<string, DayKey & { person_key: string }>();
  for (const row of inserted) {
    const day: DayKey = { project_id: row.project_id, event_name: row.event_name, day: dayOf(row.ts) };
    const key = keyOf(day);
    const count = counts.get(key) ?? { ...day, total: 0, uniq: 0 };
    count.total += 1;
    counts.set(key, count);
    if (row.person_key !== null) personDays.set(`${key}\u0000${row.person_key}`, { ...day, person_key: row.person_key });
  }

  const sortedPeople = [...personDays.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, row]) => row);
  for (const chunk of chunkRows(sortedPeople, dialect)) {
    const fresh = await insertIgnoreReturning<DayKey>(trx, dialect, 'ns_person_days', chunk, ['project_id', 'event_name', 'day']);
    for (const row of fresh) {
      const count = counts.get(keyOf({ project_id: Number(row.project_id), event_name: row.event_name, day: Number(row.day) }));
      if (count) count.uniq += 1;
    }
  }
  await addDailyCounts(trx, dialect, [...counts.values()]);
}
