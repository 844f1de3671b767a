import type { Knex } from 'knex';
import type { EventListQuery, StoredEvent } from '@northstar/server';
import type { SqlDialect } from '../dialect.js';
import { fromEventRow } from './event-rows.js';
import type { EventRow } from './event-rows.js';
import { pageLimit } from './page-limit.js';
import { applyFilter } from './sql-expressions.js';
import { eventsBy, userEventQueries } from './user-events.js';

/** The columns `fromEventRow` reads. */
const COLUMNS = ['project_id', 'uuid', 'event_name', 'user_id', 'device_id', 'session_id', 'ts', 'received_at', 'str_props', 'num_props'];

/** Newest first; ties on the time broken by the uuid, both descending (the keyset order). */
const NEWEST_FIRST: { column: string; order: 'desc' }[] = [
  { column: 'ts', order: 'desc' },
  { column: 'uuid', order: 'desc' },
];

/**
 * Adds the query's conditions to a query on `ns_events` and takes its first `limit` rows newest
 * first. The cursor is written `ts <= T AND (ts < T OR uuid < U)`: the first half is a range on
 * the `(…, ts, uuid)` indexes, the second drops the rows at or after the cursor.
 */
function page(builder: Knex.QueryBuilder, db: Knex, dialect: SqlDialect, query: EventListQuery, limit: number): Knex.QueryBuilder {
  if (query.deviceId !== undefined) void builder.where('device_id', query.deviceId);
  if (query.events !== undefined) void builder.whereIn('event_name', query.events);
  for (const [property, value] of Object.entries(query.strEquals ?? {})) applyFilter(builder, db, dialect, { property, op: 'eq', value });
  const before = query.before;
  if (before !== undefined) {
    // as bytes on MySQL: the column is ascii, and a cursor holding other characters must not be a collation error
    const uuid = dialect === 'mysql' ? db.raw('CAST(? AS BINARY)', [before.uuid]) : before.uuid;
    void builder.where('ts', '<=', before.timestamp).where((older) => void older.where('ts', '<', before.timestamp).orWhere('uuid', '<', uuid));
  }
  return builder.select(COLUMNS).orderBy(NEWEST_FIRST).limit(limit);
}

/**
 * A page of events, newest first, in SQL. For a user, its own events and its linked devices'
 * anonymous events are read as two index-ordered pages of `limit` rows each and merged
 * (`UNION ALL`, then one sort of at most 2 × limit rows).
 */
export async function listEvents(db: Knex, dialect: SqlDialect, query: EventListQuery): Promise<StoredEvent[]> {
  const limit = pageLimit(query.limit);
  if (query.events?.length === 0) return [];
  let rows: unknown;
  if (query.userId === undefined) {
    const events = query.deviceId === undefined ? db('ns_events') : eventsBy(db, dialect, 'device');
    rows = await page(events.where('project_id', query.projectId), db, dialect, query, limit);
  } else {
    const [own, linked] = userEventQueries(db, dialect, query.projectId, query.userId);
    const both = db
      .select('*')
      .from(page(own, db, dialect, query, limit).as('own'))
      .unionAll(db.select('*').from(page(linked, db, dialect, query, limit).as('linked')));
    rows = await db.select('*').from(both.as('person')).orderBy(NEWEST_FIRST).limit(limit);
  }
  return (rows as EventRow[]).map(fromEventRow);
}
