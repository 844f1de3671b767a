import type { Knex } from 'knex';
import { percentileOf } from '@northstar/core';
import type { AggregateQuery } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { eventOfIndex } from './event-index.js';
import { isOverTime, overTime, timeLeft, timeLimited } from './time-limit.js';
import type { BucketRow } from './aggregate-rollup.js';
import { slotReader } from './slot-reader.js';
import type { SlotReader } from './slot-reader.js';
import { metricExpression } from './metric-expression.js';
import { metricValues } from './metric-values.js';
import { matchingEvents, matchingRows } from './matching-events.js';
import { groupedCountParts } from './grouped-counts.js';
import { bucketParts } from './bucket-parts.js';
import { atMost } from './at-most.js';

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
 * Stretches of the range per statement running at once: a statement over a few buckets keeps its grouping
 * in the CPU's caches (the time index gives the events part by part, each part over every bucket of the
 * stretch), p90 per day over 30 days at 10 M bench events 10 % faster in 3-day stretches than in halves.
 */
const STRETCHES_PER_STATEMENT = 5;

/** `ungrouped` over stretches of the range, up to `parallelism` statements at once, within one time limit. */
async function inStretches(db: Knex, dialect: SqlDialect, query: AggregateQuery, reader: SlotReader, parallelism: number): Promise<BucketRow[]> {
  const startedAt = Date.now();
  const stretches = bucketParts(query, parallelism > 1 ? parallelism * STRETCHES_PER_STATEMENT : 1);
  const statements = stretches.map((part) => () => ungrouped(db, dialect, { ...part, timeoutMs: timeLeft(query.timeoutMs, startedAt) }, reader));
  try {
    return (await atMost(parallelism, statements)).flat();
  } catch (error) {
    // a later stretch's statement runs under what was left: the answer names the query's own limit
    throw isOverTime(error) && query.timeoutMs !== undefined ? overTime(query.timeoutMs) : error;
  }
}

/**
 * Any query the rollups cannot answer: hours, other zones, filters, group-by, property metrics, partial days.
 * Without a group-by, each bucket's value depends on its own events only, so the range is cut into
 * stretches of whole buckets read by up to `parallelism` statements at once (MariaDB runs a statement on
 * one core; the index scan is most of its time), the query's time limit shared by them all. `uniq` and `total` by group are cut into parts of the
 * people instead (`groupedCountParts`: a group's rank is over the whole range, and a sum over people);
 * other metrics by group are one statement.
 */
export async function aggregateFromEvents(db: Knex, dialect: SqlDialect, query: AggregateQuery, parallelism = 1): Promise<BucketRow[]> {
  const reader = await slotReader(db, dialect, query.projectId);
  const rows = !query.groupBy
    ? await inStretches(db, dialect, query, reader, parallelism)
    : query.metric === 'uniq' || query.metric === 'total'
      ? await groupedCountParts(db, dialect, query, reader, query.groupBy.limit, parallelism)
      : await grouped(db, dialect, query, reader, query.groupBy.limit);
  return rows.map((row) => ({ ...row, event: eventOfIndex(query.events, row.event) }));
}
