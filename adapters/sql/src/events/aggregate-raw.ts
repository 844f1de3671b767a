import type { Knex } from 'knex';
import { percentileOf } from '@northstar/core';
import type { AggregateQuery } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { eventIndex, eventOfIndex } from './event-index.js';
import { timeLimited } from './time-limit.js';
import type { BucketRow } from './aggregate-rollup.js';
import { slotReader } from './slot-reader.js';
import type { SlotReader } from './slot-reader.js';
import { metricExpression } from './metric-expression.js';
import { metricValues } from './metric-values.js';
import { applyUserFilter } from './user-filter.js';
import { bucketParts } from './bucket-parts.js';
import { zonedBucketExpression } from './zoned-bucket.js';

const COUNTING = new Set(['total', 'uniq', 'per_user']);

/**
 * `ns_events` narrowed to the query (project, event names, time range: its (project_id, event_name, ts,
 * …, slots) index; then the filters, and for property metrics the presence of the property, read from
 * the slots in that index or, for keys without one, from the row's JSON), with the expressions the
 * metrics and groups read.
 */
function matchingEvents(db: Knex, dialect: SqlDialect, query: AggregateQuery, reader: SlotReader) {
  const bucket = db.raw(zonedBucketExpression(dialect, query.interval, query.timeZone ?? 'UTC', query.from, query.to, 'f.ts'));
  const num = query.property === undefined ? db.raw('NULL') : reader.number(query.property);
  const conditions = (query.filters ?? []).map((filter) => reader.condition(filter));
  const grp = query.groupBy ? reader.groupKey(query.groupBy.property) : undefined;
  const ev = eventIndex(db, query.events);
  const builder = db.from('ns_events as f');
  void builder.where('f.project_id', query.projectId).whereIn('f.event_name', query.events).where('f.ts', '>=', query.from).where('f.ts', '<', query.to);
  if (!COUNTING.has(query.metric)) void builder.whereRaw('? IS NOT NULL', [num]);
  for (const condition of conditions) void builder.whereRaw('?', [condition]);
  for (const filter of query.userFilters ?? []) applyUserFilter(builder, db, dialect, filter);
  return { builder, ev, bucket, num, grp };
}

/**
 * The matching events as rows of `event_name` (the event's index in `query.events`), `bucket, person_key,
 * num, grp` (grp, a group key, only when grouping).
 */
function matchingRows(db: Knex, dialect: SqlDialect, query: AggregateQuery, reader: SlotReader): Knex.QueryBuilder {
  const { builder, ev, bucket, num, grp } = matchingEvents(db, dialect, query, reader);
  return builder.select(
    db.raw('? AS event_name', [ev]),
    db.raw('? AS bucket', [bucket]),
    'f.person_key as person_key',
    db.raw('? AS num', [num]),
    ...(grp ? [db.raw('? AS grp', [grp])] : []),
  );
}

/** One row per event and bucket, aggregated straight off the table (no CTE: MariaDB would materialise it). */
async function ungrouped(db: Knex, dialect: SqlDialect, query: AggregateQuery, reader: SlotReader): Promise<BucketRow[]> {
  if (percentileOf(query.metric) !== undefined) {
    const rows = await timeLimited(
      db
        .with('m', matchingRows(db, dialect, query, reader))
        .from(metricValues(db, dialect, 'm', ['event_name', 'bucket'], query.metric).as('v'))
        .select('event_name as event', 'bucket', 'value'),
      dialect,
      query.timeoutMs,
    );
    return rows as BucketRow[];
  }
  const { builder, ev, bucket, num } = matchingEvents(db, dialect, query, reader);
  const rows = await timeLimited(
    builder
      .select(db.raw('? AS event', [ev]), db.raw('? AS bucket', [bucket]), db.raw('? AS value', [metricExpression(db, query.metric, 'f.person_key', num)]))
      .groupBy('event', 'bucket'),
    dialect,
    query.timeoutMs,
  );
  return rows as BucketRow[];
}

/**
 * One row per event, bucket and kept group. The groups of each event are ranked with
 * `ROW_NUMBER()` by the metric over the whole range (ties: the value's text in code-point order,
 * null last) and only the first `limit` are joined back, their text read for the answer's rows (a
 * slot holds value ids: `SlotReader.label`): all of it inside the database.
 */
async function grouped(db: Knex, dialect: SqlDialect, query: AggregateQuery, reader: SlotReader, limit: number): Promise<BucketRow[]> {
  const property = query.groupBy?.property ?? '';
  // the text of a group (up to 8,192 characters) is read only where it decides or is answered: in the
  // ranking's order, and for the answer's rows (in a derived table it made MariaDB's temporary tables
  // spill to disk: 0.5 s against 0.25 s at 1 M bench events)
  const ranked = db
    .from(metricValues(db, dialect, 'm', ['event_name', 'grp'], query.metric).as('w'))
    .select(
      'event_name',
      'grp',
      db.raw('ROW_NUMBER() OVER (PARTITION BY event_name ORDER BY value DESC, CASE WHEN grp IS NULL THEN 1 ELSE 0 END, ?) AS rn', [
        reader.label(property, 'grp'),
      ]),
    );
  const kept = db
    .from('m')
    .join('t', (on) => void on.on('m.event_name', '=', 't.event_name').andOn(db.raw(dialect.nullSafeEqual('m.grp', 't.grp'))))
    .select('m.event_name', 'm.bucket', 'm.person_key', 'm.num', 'm.grp', 't.rn as grank');
  const rows = await timeLimited(
    db
      .with('m', matchingRows(db, dialect, query, reader))
      .with('r', ranked)
      .with('t', db.from('r').select('event_name', 'grp', 'rn').where('rn', '<=', limit))
      .with('k', kept)
      .from(metricValues(db, dialect, 'k', ['event_name', 'bucket', 'grp', 'grank'], query.metric).as('v'))
      .select('event_name as event', 'bucket', db.raw('? AS grp', [reader.label(property, 'v.grp')]), 'grank', 'value'),
    dialect,
    query.timeoutMs,
  );
  return rows as BucketRow[];
}

/**
 * `uniq` and `total` by group with one read of the matching events (`grouped` reads them twice: MariaDB
 * computes a CTE once per reference, and at 10 M bench events each read is most of the time). Per
 * (event, bucket, group): `total` counts the events; `uniq` counts the distinct (bucket, group, person)
 * rows. A group's metric over the whole range is a sum of the same rows: every event for `total`, and
 * for `uniq` each person's first bucket in the group (`fst`), so the people of a group count once. Groups
 * are ranked as in `grouped` (metric descending, the absent property last on a tie, then the text).
 */
async function groupedCounts(db: Knex, dialect: SqlDialect, query: AggregateQuery, reader: SlotReader, limit: number): Promise<BucketRow[]> {
  const property = query.groupBy?.property ?? '';
  const counted =
    query.metric === 'uniq'
      ? db.raw(
          `SELECT event_name, bucket, grp, COUNT(*) AS value, SUM(fst) AS part FROM (
             SELECT event_name, bucket, grp,
               CASE WHEN ROW_NUMBER() OVER (PARTITION BY event_name, grp, person_key ORDER BY bucket) = 1 THEN 1 ELSE 0 END AS fst
             FROM (SELECT event_name, bucket, grp, person_key FROM m GROUP BY event_name, bucket, grp, person_key) d
           ) e GROUP BY event_name, bucket, grp`,
        )
      : db.raw('SELECT event_name, bucket, grp, COUNT(*) AS value, COUNT(*) AS part FROM m GROUP BY event_name, bucket, grp');
  const ranked = db.raw(
    `SELECT event_name, bucket, grp, value, DENSE_RANK() OVER (PARTITION BY event_name ORDER BY whole DESC, CASE WHEN grp IS NULL THEN 1 ELSE 0 END, ?) AS grank
     FROM (SELECT g.*, SUM(part) OVER (PARTITION BY event_name, grp) AS whole FROM g) h`,
    [reader.label(property, 'grp')],
  );
  const rows = await timeLimited(
    db
      .with('m', matchingRows(db, dialect, query, reader))
      .with('g', counted)
      .with('k', ranked)
      .from('k')
      .select('event_name as event', 'bucket', db.raw('? AS grp', [reader.label(property, 'k.grp')]), 'grank', 'value')
      .where('grank', '<=', limit),
    dialect,
    query.timeoutMs,
  );
  return rows as BucketRow[];
}

/**
 * Any query the rollups cannot answer: hours, other zones, filters, group-by, property metrics, partial days.
 * Without a group-by, each bucket's value depends on its own events only, so the range is cut into up to
 * `parallelism` stretches of whole buckets read by statements running at once (MariaDB runs a statement on
 * one core; the index scan is most of its time). With a group-by, one statement: groups are ranked over the
 * whole range.
 */
export async function aggregateFromEvents(db: Knex, dialect: SqlDialect, query: AggregateQuery, parallelism = 1): Promise<BucketRow[]> {
  const reader = await slotReader(db, dialect, query.projectId);
  const rows = !query.groupBy
    ? (await Promise.all(bucketParts(query, parallelism).map((part) => ungrouped(db, dialect, part, reader)))).flat()
    : query.metric === 'uniq' || query.metric === 'total'
      ? await groupedCounts(db, dialect, query, reader, query.groupBy.limit)
      : await grouped(db, dialect, query, reader, query.groupBy.limit);
  return rows.map((row) => ({ ...row, event: eventOfIndex(query.events, row.event) }));
}
