import type { Knex } from 'knex';
import type { AggregateQuery } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import type { BucketRow } from './aggregate-rollup.js';
import { metricExpression } from './metric-expression.js';
import { applyFilter, bucketExpression, dayExpression, numberProperty, stringProperty } from './sql-expressions.js';

/**
 * `ns_events` narrowed to the query (project, event names, time range through the
 * (project_id, event_name, ts, person_key) index; then the filters, and for property metrics the
 * presence of the property), with the expressions the metrics and groups read.
 */
function matchingEvents(db: Knex, dialect: SqlDialect, query: AggregateQuery) {
  const bucket = db.raw(bucketExpression(dialect, query.interval, dayExpression(dialect, 'ts'), 'ts'));
  const num = numberProperty(db, dialect, query.property ?? '');
  const builder = db('ns_events')
    .where('project_id', query.projectId)
    .whereIn('event_name', query.events)
    .where('ts', '>=', query.from)
    .where('ts', '<', query.to);
  if (query.metric !== 'total' && query.metric !== 'uniq') void builder.whereRaw('? IS NOT NULL', [num]);
  for (const filter of query.filters ?? []) applyFilter(builder, db, dialect, filter);
  return { builder, bucket, num };
}

/** One row per event and bucket, aggregated straight off the table (no CTE: MariaDB would materialise it). */
async function ungrouped(db: Knex, dialect: SqlDialect, query: AggregateQuery): Promise<BucketRow[]> {
  const { builder, bucket, num } = matchingEvents(db, dialect, query);
  const rows: unknown = await builder
    .select('event_name as event', db.raw('? AS bucket', [bucket]), db.raw('? AS value', [metricExpression(db, query.metric, 'person_key', num)]))
    .groupBy('event_name', 'bucket');
  return rows as BucketRow[];
}

/**
 * One row per event, bucket and kept group. The groups of each event are ranked with
 * `ROW_NUMBER()` by the metric over the whole range (ties: value in code-point order, null last)
 * and only the first `limit` are joined back: all of it inside the database.
 */
async function grouped(db: Knex, dialect: SqlDialect, query: AggregateQuery, limit: number): Promise<BucketRow[]> {
  const { builder, bucket, num } = matchingEvents(db, dialect, query);
  const matching = builder.select(
    'event_name',
    db.raw('? AS bucket', [bucket]),
    'person_key',
    db.raw('? AS num', [num]),
    db.raw('? AS grp', [stringProperty(db, dialect, query.groupBy?.property ?? '')]),
  );
  const ranked = db
    .from('m')
    .select(
      'event_name',
      'grp',
      db.raw('ROW_NUMBER() OVER (PARTITION BY event_name ORDER BY ? DESC, CASE WHEN grp IS NULL THEN 1 ELSE 0 END, grp) AS rn', [
        metricExpression(db, query.metric, 'person_key', 'num'),
      ]),
    )
    .groupBy('event_name', 'grp');
  const nullSafeEqual = dialect.nullSafeEqual('m.grp', 't.grp');
  const rows: unknown = await db
    .with('m', matching)
    .with('r', ranked)
    .with('t', db.from('r').select('event_name', 'grp').where('rn', '<=', limit))
    .from('m')
    .join('t', (on) => void on.on('m.event_name', '=', 't.event_name').andOn(db.raw(nullSafeEqual)))
    .select('m.event_name as event', 'm.bucket', 'm.grp as grp', db.raw('? AS value', [metricExpression(db, query.metric, 'm.person_key', 'm.num')]))
    .groupBy('m.event_name', 'm.bucket', 'm.grp');
  return rows as BucketRow[];
}

/** Any query the rollups cannot answer: hours, filters, group-by, property metrics, partial days. */
export function aggregateFromEvents(db: Knex, dialect: SqlDialect, query: AggregateQuery): Promise<BucketRow[]> {
  return query.groupBy ? grouped(db, dialect, query, query.groupBy.limit) : ungrouped(db, dialect, query);
}
