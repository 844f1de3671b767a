import type { Knex } from 'knex';
import type { AggregateQuery } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { eventIndex } from './event-index.js';
import { EVERYONE, partNumbers } from './person-parts.js';
import type { PersonPart } from './person-parts.js';
import type { SlotReader } from './slot-reader.js';
import { applyUserFilter } from './user-filter.js';
import { zonedBucketExpression } from './zoned-bucket.js';

const COUNTING = new Set(['total', 'uniq', 'per_user']);

/**
 * `ns_events` narrowed to the query (project, event names, the people of `part`, time range: its
 * (project_id, event_name, person_part, ts, …, slots) index; then the filters, and for property metrics
 * the presence of the property, read from the slots in that index or, for keys without one, from the
 * row's JSON), with the expressions the metrics and groups read.
 */
export function matchingEvents(db: Knex, dialect: SqlDialect, query: AggregateQuery, reader: SlotReader, part: PersonPart = EVERYONE) {
  const bucket = db.raw(zonedBucketExpression(dialect, query.interval, query.timeZone ?? 'UTC', query.from, query.to, 'f.ts'));
  const num = query.property === undefined ? db.raw('NULL') : reader.number(query.property);
  const conditions = (query.filters ?? []).map((filter) => reader.condition(filter));
  const grp = query.groupBy ? reader.groupKey(query.groupBy.property) : undefined;
  const ev = eventIndex(db, query.events);
  const builder = db.from('ns_events as f');
  void builder
    .where('f.project_id', query.projectId)
    .whereIn('f.event_name', query.events)
    .whereIn('f.person_part', partNumbers(part))
    .where('f.ts', '>=', query.from)
    .where('f.ts', '<', query.to);
  if (!COUNTING.has(query.metric)) void builder.whereRaw('? IS NOT NULL', [num]);
  for (const condition of conditions) void builder.whereRaw('?', [condition]);
  for (const filter of query.userFilters ?? []) applyUserFilter(builder, db, dialect, filter);
  return { builder, ev, bucket, num, grp };
}

/**
 * The matching events as rows of `event_name` (the event's index in `query.events`), `bucket, person_key,
 * num, grp` (grp, a group key, only when grouping).
 */
export function matchingRows(db: Knex, dialect: SqlDialect, query: AggregateQuery, reader: SlotReader, part: PersonPart = EVERYONE): Knex.QueryBuilder {
  const { builder, ev, bucket, num, grp } = matchingEvents(db, dialect, query, reader, part);
  return builder.select(
    db.raw('? AS event_name', [ev]),
    db.raw('? AS bucket', [bucket]),
    'f.person_key as person_key',
    db.raw('? AS num', [num]),
    ...(grp ? [db.raw('? AS grp', [grp])] : []),
  );
}
