import type { Knex } from 'knex';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { dayOf } from './event-rows.js';
import type { KeyedEvent } from './insert-events.js';
import { insertIgnoreReturning, rowsPerStatement, upsertAdding } from './insert-ignore.js';

interface DailyCount {
  project_id: number;
  event_name: string;
  day: number;
  total: number;
  uniq: number;
  /** The person keys of the stored events of this (project, event, day). */
  people: Set<string>;
}

interface PersonDay {
  count: DailyCount;
  personKey: string;
}

const PERSON_DAY_COLUMNS = ['project_id', 'event_name', 'day', 'person_key'];

/** One string per (project, event, day); unambiguous: the project and the day are numbers, the day comes last. */
const dayKey = (projectId: number, eventName: string, day: number) => `${projectId}\u0000${eventName}\u0000${day}`;

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The counts in key order: every writer takes its row locks in one order, so two of them rarely deadlock. */
function sortedCounts(counts: ReadonlyMap<string, DailyCount>): DailyCount[] {
  return [...counts].sort(([a], [b]) => byCodeUnits(a, b)).map(([, count]) => count);
}

/** Person-day rows in one order too: by day key, then person key (short strings, sorted per day). */
function sortedPeople(counts: readonly DailyCount[]): PersonDay[] {
  return counts.flatMap((count) => [...count.people].sort(byCodeUnits).map((personKey) => ({ count, personKey })));
}

/** Statement-sized slices of `rows`. */
function slices<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * The person-day rows of `people`, `INSERT IGNORE ... RETURNING` (one statement per few thousand):
 * each one the database really inserted adds 1 to its day's `uniq`; one that existed (an earlier
 * call, or another writer that got there first) adds nothing.
 */
async function insertPersonDays(
  trx: Knex.Transaction,
  dialect: SqlDialect,
  people: readonly PersonDay[],
  counts: ReadonlyMap<string, DailyCount>,
): Promise<void> {
  for (const chunk of slices(people, rowsPerStatement(dialect, PERSON_DAY_COLUMNS.length))) {
    const fresh = await insertIgnoreReturning<{ project_id: number | string; event_name: string; day: number | string }>(
      trx,
      dialect,
      'ns_person_days',
      PERSON_DAY_COLUMNS,
      chunk.map(({ count, personKey }) => [count.project_id, count.event_name, count.day, personKey]),
      ['project_id', 'event_name', 'day'],
    );
    if (fresh.length === chunk.length) {
      for (const { count } of chunk) count.uniq += 1;
      continue;
    }
    for (const row of fresh) {
      const count = counts.get(dayKey(Number(row.project_id), row.event_name, Number(row.day)));
      if (count) count.uniq += 1;
    }
  }
}

/**
 * Keeps the rollups exact for newly inserted events (and only those: a duplicate never reaches
 * here). The deltas are computed here from the stored rows: one `ns_person_days` row per (project,
 * event, day, person), inserted in one multi-row statement; then one multi-row upsert adds to
 * `ns_daily_counts` the events stored and the person-day rows that were genuinely new. Both in key
 * order, so concurrent writers lock in one order.
 */
export async function updateRollups(trx: Knex.Transaction, dialect: SqlDialect, stored: readonly KeyedEvent[]): Promise<void> {
  const counts = new Map<string, DailyCount>();
  for (const { event, personKey } of stored) {
    const day = dayOf(event.timestamp);
    const key = dayKey(event.project_id, event.event_name, day);
    let count = counts.get(key);
    if (count === undefined) {
      count = { project_id: event.project_id, event_name: event.event_name, day, total: 0, uniq: 0, people: new Set() };
      counts.set(key, count);
    }
    count.total += 1;
    if (personKey !== null) count.people.add(personKey);
  }
  if (counts.size === 0) return;

  const sorted = sortedCounts(counts);
  await insertPersonDays(trx, dialect, sortedPeople(sorted), counts);

  const key = ['project_id', 'event_name', 'day'];
  for (const chunk of slices(sorted, rowsPerStatement(dialect, 5))) {
    const rows = chunk.map((count) => [count.project_id, count.event_name, count.day, count.total, count.uniq]);
    await upsertAdding(trx, dialect, 'ns_daily_counts', key, ['total', 'uniq'], rows);
  }
}
