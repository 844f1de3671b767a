import type { Knex } from 'knex';
import { activeDaysOf, bucketEndDays, dayNumberDate, zonedDayStart } from '@northstar/core';
import type { AggregateQuery } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { timeLimited } from './time-limit.js';
import type { BucketRow } from './aggregate-rollup.js';
import { slotReader } from './slot-reader.js';
import type { SlotReader } from './slot-reader.js';
import { applyUserFilter } from './user-filter.js';
import { offsetExpression } from './zoned-bucket.js';

const DAY_MS = 86_400_000;

/**
 * The distinct (event, person, local day) of the matching events from `since` (`event_name` is the event's
 * index in the query: a name, up to 200 characters, as a key of this DISTINCT sent MariaDB's temporary
 * table to disk — dau over 30 days at 10 M bench events took 16.8 s). In UTC, without filters or groups,
 * on whole days, they are the rows of the person-days rollup.
 */
function activity(db: Knex, dialect: SqlDialect, query: AggregateQuery, since: number, day: string, reader: SlotReader): Knex.QueryBuilder {
  const ev = query.events.length === 1 ? '0' : `CASE f.event_name ${query.events.map((_, i) => `WHEN ? THEN ${i}`).join(' ')} END`;
  const evBindings = query.events.length === 1 ? [] : [...query.events];
  const rollup =
    (query.timeZone ?? 'UTC') === 'UTC' && !query.filters?.length && !query.userFilters?.length && !query.groupBy && query.to % DAY_MS === 0;
  if (rollup)
    return db
      .from('ns_person_days as f')
      .where('f.project_id', query.projectId)
      .whereIn('f.event_name', query.events)
      .where('f.day', '>=', since / DAY_MS)
      .where('f.day', '<', query.to / DAY_MS)
      .select(db.raw(`${ev} AS event_name`, evBindings), 'f.person_key as person_key', 'f.day as day');
  const grp = query.groupBy ? reader.groupKey(query.groupBy.property) : undefined;
  const rows = db.from('ns_events as f');
  void rows
    .where('f.project_id', query.projectId)
    .whereIn('f.event_name', query.events)
    .where('f.ts', '>=', since)
    .where('f.ts', '<', query.to)
    .distinct(db.raw(`${ev} AS event_name`, evBindings), 'f.person_key as person_key', db.raw(`${day} AS day`), ...(grp ? [db.raw('? AS grp', [grp])] : []));
  for (const filter of query.filters ?? []) void rows.whereRaw('?', [reader.condition(filter)]);
  for (const filter of query.userFilters ?? []) applyUserFilter(rows, db, dialect, filter);
  return rows;
}

/**
 * `dau` / `wau` / `mau` in SQL: the distinct (event, person, local day) of the matching events since the
 * first window's start (`a`, `activity`), counted at the buckets' last days (`e`, a list of our own
 * numbers) as "active within the trailing N days", per event and bucket. Grouped: groups ranked by the
 * people of `a`, the top `limit` kept, each row joined to the end days of its window. `bucket` is the local
 * day number where the window ends.
 */
export async function aggregateActive(db: Knex, dialect: SqlDialect, query: AggregateQuery): Promise<BucketRow[]> {
  const rows = await activeRows(db, dialect, query);
  return rows.map((row) => ({ ...row, event: query.events[Number(row.event)] ?? String(row.event) }));
}

async function activeRows(db: Knex, dialect: SqlDialect, query: AggregateQuery): Promise<BucketRow[]> {
  const days = activeDaysOf(query.metric);
  if (days === undefined || query.interval === 'hour') return [];
  const timeZone = query.timeZone ?? 'UTC';
  const ends = bucketEndDays(timeZone, query.interval, query.from, query.to);
  const first = ends[0];
  if (first === undefined || !ends.every(Number.isSafeInteger)) return [];
  const since = zonedDayStart(timeZone, dayNumberDate(first - days + 1));

  const offset = offsetExpression(timeZone, since, query.to, 'f.ts');
  const day = dialect.intDiv(offset === '0' ? 'f.ts' : `(f.ts + ${offset})`, DAY_MS);
  const reader = await slotReader(db, dialect, query.projectId);
  const a = activity(db, dialect, query, since, day, reader);
  const label = (column: string) => reader.label(query.groupBy?.property ?? '', column);
  const endDays = db.raw(ends.map((end, index) => (index === 0 ? `SELECT ${end} AS d` : `SELECT ${end}`)).join(' UNION ALL '));
  const inWindow = (on: Knex.JoinClause) => void on.on('a.day', '<=', 'e.d').andOn(db.raw(`a.day > e.d - ${days}`));

  if (!query.groupBy) {
    // A person active on day x counts at the end days [x, x + days - 1]; their active days closer than
    // `days` apart make one span. Each span adds 1 where it starts and takes it back `days` after its last
    // day (`s` marks the first and last days, `d` the changes), so the count at an end day is the sum of
    // the changes up to it: linear in the rows of `a` (joining every row to each end day of its window,
    // mau read 30 rows per person-day).
    const order = 'PARTITION BY event_name, person_key ORDER BY day';
    const spans = `SELECT event_name, day,
      CASE WHEN LAG(day) OVER (${order}) >= day - ${days} THEN 0 ELSE 1 END AS starts,
      CASE WHEN LEAD(day) OVER (${order}) <= day + ${days} THEN 0 ELSE 1 END AS ends
    FROM a`;
    const withSpans = db.with('a', a).with('e', endDays);
    void (dialect.withShared === 'WITH' ? withSpans.with('s', db.raw(spans)) : withSpans.withRecursive('s', db.raw(dialect.sharedCte('s', spans))));
    const rows = await timeLimited(
      withSpans
        .with(
          'd',
          db.raw(`SELECT event_name, day AS at, 1 AS delta FROM s WHERE starts = 1
            UNION ALL SELECT event_name, day + ${days} AS at, -1 AS delta FROM s WHERE ends = 1`),
        )
        .with('c', db.raw('SELECT event_name, at, SUM(delta) AS delta FROM d GROUP BY event_name, at'))
        .from('c')
        .join('e', 'c.at', '<=', 'e.d')
        .select('c.event_name as event', 'e.d as bucket', db.raw('SUM(c.delta) AS value'))
        .groupBy('c.event_name', 'e.d'),
      dialect,
      query.timeoutMs,
    );
    return rows as BucketRow[];
  }
  const ranked = db
    .from('a')
    .select(
      'event_name',
      'grp',
      db.raw('ROW_NUMBER() OVER (PARTITION BY event_name ORDER BY COUNT(DISTINCT person_key) DESC, CASE WHEN grp IS NULL THEN 1 ELSE 0 END, ?) AS rn', [
        label('grp'),
      ]),
    )
    .groupBy('event_name', 'grp');
  const rows = await timeLimited(
    db
      .with('a', a)
      .with('e', endDays)
      .with('r', ranked)
      .with('t', db.from('r').select('event_name', 'grp', 'rn').where('rn', '<=', query.groupBy.limit))
      .from('a')
      .join('t', (on) => void on.on('a.event_name', '=', 't.event_name').andOn(db.raw(dialect.nullSafeEqual('a.grp', 't.grp'))))
      .join('e', inWindow)
      .select('a.event_name as event', 'e.d as bucket', db.raw('? AS grp', [label('a.grp')]), 't.rn as grank', db.raw('COUNT(DISTINCT a.person_key) AS value'))
      .groupBy('a.event_name', 'e.d', 'a.grp', 't.rn'),
    dialect,
    query.timeoutMs,
  );
  return rows as BucketRow[];
}
