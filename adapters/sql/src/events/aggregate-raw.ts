import type { Knex } from 'knex';
import { percentileOf } from '@northstar/core';
import type { AggregateQuery } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { timeLimited } from './time-limit.js';
import type { BucketRow } from './aggregate-rollup.js';
import { metricExpression } from './metric-expression.js';
import { metricValues } from './metric-values.js';
import { applyFilter, numberProperty, stringProperty } from './sql-expressions.js';
import { applyUserFilter } from './user-filter.js';
import { zonedBucketExpression } from './zoned-bucket.js';

const COUNTING = new Set(['total', 'uniq', 'per_user']);

/**
 * `ns_events` narrowed to the query (project, event names, time range through the
 * (project_id, event_name, ts, person_key) index; then the filters, and for property metrics the
 * presence of the property), with the expressions the metrics and groups read.
 */
function matchingEvents(db: Knex, dialect: SqlDialect, query: AggregateQuery) {
  const bucket = db.raw(zonedBucketExpression(dialect, query.interval, query.timeZone ?? 'UTC', query.from, query.to));
  const num = numberProperty(db, dialect, query.property ?? '');
  const builder = db('ns_events')
    .where('project_id', query.projectId)
    .whereIn('event_name', query.events)
    .where('ts', '>=', query.from)
    .where('ts', '<', query.to);
  if (!COUNTING.has(query.metric)) void builder.whereRaw('? IS NOT NULL', [num]);
  for (const filter of query.filters ?? []) applyFilter(builder, db, dialect, filter);
  for (const filter of query.userFilters ?? []) applyUserFilter(builder, db, dialect, filter);
  return { builder, bucket, num };
}

/** The matching events as rows of `event_name, bucket, person_key, num, grp` (grp only when grouping). */
function matchingRows(db: Knex, dialect: SqlDialect, query: AggregateQuery): Knex.QueryBuilder {
  const { builder, bucket, num } = matchingEvents(db, dialect, query);
  return builder.select(
    'event_name',
    db.raw('? AS bucket', [bucket]),
    'person_key',
    db.raw('? AS num', [num]),
    ...(query.groupBy ? [db.raw('? AS grp', [stringProperty(db, dialect, query.groupBy.property)])] : []),
  );
}

/** One row per event and bucket, aggregated straight off the table (no CTE: MariaDB would materialise it). */
async function ungrouped(db: Knex, dialect: SqlDialect, query: AggregateQuery): Promise<BucketRow[]> {
  if (percentileOf(query.metric) !== undefined) {
    const rows = await timeLimited(
      db
        .with('m', matchingRows(db, dialect, query))
        .from(metricValues(db, dialect, 'm', ['event_name', 'bucket'], query.metric).as('v'))
        .select('event_name as event', 'bucket', 'value'),
      dialect,
      query.timeoutMs,
    );
    return rows as BucketRow[];
  }
  const { builder, bucket, num } = matchingEvents(db, dialect, query);
  const rows = await timeLimited(
    builder
      .select('event_name as event', db.raw('? AS bucket', [bucket]), db.raw('? AS value', [metricExpression(db, query.metric, 'person_key', num)]))
      .groupBy('event_name', 'bucket'),
    dialect,
    query.timeoutMs,
  );
  return rows as BucketRow[];
}

/**
 * One row per event, bucket and kept group. The groups of each event are ranked with
 * `ROW_NUMBER()` by the metric over the whole range (ties: value in code-point order, null last)
 * and only the first `limit` are joined back: all of it inside the database.
 */
async function grouped(db: Knex, dialect: SqlDialect, query: AggregateQuery, limit: number): Promise<BucketRow[]> {
  const ranked = db
    .from(metricValues(db, dialect, 'm', ['event_name', 'grp'], query.metric).as('w'))
    .select('event_name', 'grp', db.raw('ROW_NUMBER() OVER (PARTITION BY event_name ORDER BY value DESC, CASE WHEN grp IS NULL THEN 1 ELSE 0 END, grp) AS rn'));
  const kept = db
    .from('m')
    .join('t', (on) => void on.on('m.event_name', '=', 't.event_name').andOn(db.raw(dialect.nullSafeEqual('m.grp', 't.grp'))))
    .select('m.event_name', 'm.bucket', 'm.person_key', 'm.num', 'm.grp', 't.rn as grank');
  const rows = await timeLimited(
    db
      .with('m', matchingRows(db, dialect, query))
      .with('r', ranked)
      .with('t', db.from('r').select('event_name', 'grp', 'rn').where('rn', '<=', limit))
      .with('k', kept)
      .from(metricValues(db, dialect, 'k', ['event_name', 'bucket', 'grp', 'grank'], query.metric).as('v'))
      .select('event_name as event', 'bucket', 'grp', 'grank', 'value'),
    dialect,
    query.timeoutMs,
  );
  return rows as BucketRow[];
}

/** Any query the rollups cannot answer: hours, other zones, filters, group-by, property metrics, partial days. */
export function aggregateFromEvents(db: Knex, dialect: SqlDialect, query: AggregateQuery): Promise<BucketRow[]> {
  return query.groupBy ? grouped(db, dialect, query, query.groupBy.limit) : ungrouped(db, dialect, query);
}
