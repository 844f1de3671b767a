import type { Knex } from 'knex';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { dayExpression } from './sql-expressions.js';
import { eventsByPerson } from './user-events.js';

/** Events about to be deleted, counted per (event, UTC day, person key); the key as decimal text. */
export interface PersonShare {
  event_name: string;
  day: number | string;
  person_key: string | null;
  n: number | string;
}

/** What one (project, event, day) rollup row loses. */
interface PairChange {
  event_name: string;
  day: number;
  total: number;
  uniq: number;
  keys: Set<string>;
}

/** Pairs per statement: a few hundred `(event_name = ? AND day = ?)` terms. */
const PAIR_CHUNK = 200;
/** Person keys per `IN (...)`. */
const KEY_CHUNK = 500;

const pairKey = (eventName: string, day: number) => `${eventName}\u0000${day}`;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * `(project_id = ? AND event_name = ? AND day = ? [AND person_key = ?]) OR ...` over `pairs`: each
 * term a whole primary key of the rollup tables, so SQLite too looks each one up (with the project
 * outside the parentheses it scans the project's rows).
 */
function wherePairs(query: Knex.QueryBuilder, projectId: number, pairs: readonly PairChange[], personKey?: string): Knex.QueryBuilder {
  return query.where((outer) => {
    for (const pair of pairs) {
      void outer.orWhere((inner) => {
        void inner.where({ project_id: projectId, event_name: pair.event_name, day: pair.day });
        if (personKey !== undefined) void inner.where('person_key', personKey);
      });
    }
  });
}

/** `CASE WHEN event_name = ? AND day = ? THEN ? ... ELSE 0 END` subtracting `amount` of each pair. */
function caseOf(trx: Knex.Transaction, pairs: readonly PairChange[], amount: (pair: PairChange) => number): Knex.Raw {
  const bindings = pairs.flatMap((pair) => [pair.event_name, pair.day, amount(pair)]);
  return trx.raw(`CASE ${pairs.map(() => 'WHEN event_name = ? AND day = ? THEN ?').join(' ')} ELSE 0 END`, bindings);
}

/** The (event, day, key) triples that still have events once the deletion is done: normally none. */
async function stillPresent(trx: Knex.Transaction, dialect: SqlDialect, projectId: number, keys: readonly string[]): Promise<Set<string>> {
  const present = new Set<string>();
  for (const chunk of chunks(keys, KEY_CHUNK)) {
    const rows: unknown = await eventsByPerson(trx, dialect)
      .distinct('event_name', trx.raw(`${dayExpression(dialect, 'ts')} AS day`), trx.raw(`${dialect.integerText('person_key')} AS person`))
      .where('project_id', projectId)
      .whereIn('person_key', chunk);
    for (const row of rows as { event_name: string; day: number | string; person: string }[])
      present.add(`${pairKey(row.event_name, Number(row.day))}\u0000${row.person}`);
  }
  return present;
}

/**
 * Takes the deleted events out of the rollups, exactly: `total` drops by the events deleted in each
 * (event, day); a person-day row goes when its person has no event left in that (event, day) —
 * checked on the remaining raw events through the `(project_id, person_key, …)` index — and `uniq`
 * drops by the rows really deleted (`DELETE ... RETURNING`); a daily row left with no event goes.
 * Cost: proportional to the deleted person's events and days, not to the project's traffic.
 * Runs in the deletion's transaction, after the events are deleted; pairs in key order.
 */
export async function subtractShares(trx: Knex.Transaction, dialect: SqlDialect, projectId: number, shares: readonly PersonShare[]): Promise<void> {
  const pairs = new Map<string, PairChange>();
  for (const share of shares) {
    const day = Number(share.day);
    const key = pairKey(share.event_name, day);
    const pair = pairs.get(key) ?? { event_name: share.event_name, day, total: 0, uniq: 0, keys: new Set<string>() };
    pairs.set(key, pair);
    pair.total += Number(share.n);
    if (share.person_key !== null) pair.keys.add(share.person_key);
  }
  if (pairs.size === 0) return;
  const ordered = [...pairs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, pair]) => pair);

  const keys = [...new Set(ordered.flatMap((pair) => [...pair.keys]))].sort();
  const present = await stillPresent(trx, dialect, projectId, keys);
  for (const personKey of keys) {
    const gone = ordered.filter((pair) => pair.keys.has(personKey) && !present.has(`${pairKey(pair.event_name, pair.day)}\u0000${personKey}`));
    for (const chunk of chunks(gone, PAIR_CHUNK)) {
      const { sql, bindings } = wherePairs(trx('ns_person_days'), projectId, chunk, personKey).delete().toSQL();
      const deleted = dialect.rawRows<{ event_name: string; day: number | string }>(await trx.raw(`${sql} RETURNING event_name, day`, bindings));
      for (const row of deleted) {
        const pair = pairs.get(pairKey(row.event_name, Number(row.day)));
        if (pair) pair.uniq += 1;
      }
    }
  }

  for (const chunk of chunks(ordered, PAIR_CHUNK)) {
    await wherePairs(trx('ns_daily_counts'), projectId, chunk).update({
      total: trx.raw('total - ?', [caseOf(trx, chunk, (pair) => pair.total)]),
      uniq: trx.raw('uniq - ?', [caseOf(trx, chunk, (pair) => pair.uniq)]),
    });
    await wherePairs(trx('ns_daily_counts').where('total', '<=', 0), projectId, chunk).delete();
  }
}
