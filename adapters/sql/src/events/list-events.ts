import type { Knex } from 'knex';
import type { EventListQuery, StoredEvent } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { deviceKey, fromEventRow, userKey } from './event-rows.js';
import type { EventRow } from './event-rows.js';
import { pageLimit } from './page-limit.js';
import { EVERYONE, partNumbers } from './person-parts.js';
import { applyFilter } from './sql-expressions.js';
import { eventsByPerson, userEvents } from './user-events.js';

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
  if (query.sessionId !== undefined) void builder.where('session_id', query.sessionId);
  for (const [property, value] of Object.entries(query.strEquals ?? {})) applyFilter(builder, db, dialect, { property, op: 'eq', value });
  for (const filter of query.filters ?? []) applyFilter(builder, db, dialect, filter);
  if (query.since !== undefined) void builder.where('ts', '>=', query.since);
  const before = query.before;
  if (before !== undefined) {
    // exact (bytes on MySQL): the column is ascii, and a cursor holding other characters must not be a collation error
    const uuid = dialect.exactText(db, before.uuid);
    void builder.where('ts', '<=', before.timestamp).where((older) => void older.where('ts', '<', before.timestamp).orWhere('uuid', '<', uuid));
  }
  return builder.select(COLUMNS).orderBy(NEWEST_FIRST).limit(limit);
}

/**
 * The anonymous events of a device, whoever it is linked to: under the linked user's person key
 * once linked (`linkDevice` re-keys them), under the device's own before. The link and the events
 * are read in one transaction, so from one snapshot: a link made meanwhile cannot hide them.
 */
function deviceEvents(db: Knex, dialect: SqlDialect, query: EventListQuery, deviceId: string, limit: number): Promise<unknown> {
  return db.transaction(async (trx): Promise<unknown> => {
    const link = (await trx('ns_device_links').first('user_id').where({ project_id: query.projectId, device_id: deviceId })) as { user_id: string } | undefined;
    const personKey = link === undefined ? deviceKey(deviceId) : userKey(link.user_id);
    const events = eventsByPerson(trx, dialect).where({ project_id: query.projectId, person_key: personKey }).whereNull('user_id');
    return page(events, trx, dialect, query, limit);
  });
}

/**
 * A page of events, newest first, in SQL: a user's or a device's through the person index (one
 * range, read in index order), a project's through a scan.
 */
export async function listEvents(db: Knex, dialect: SqlDialect, query: EventListQuery): Promise<StoredEvent[]> {
  const limit = pageLimit(query.limit);
  if (query.events?.length === 0) return [];
  let rows: unknown;
  if (query.userId !== undefined) rows = await page(userEvents(db, dialect, query.projectId, query.userId), db, dialect, query, limit);
  else if (query.deviceId !== undefined) rows = await deviceEvents(db, dialect, query, query.deviceId, limit);
  else {
    // with event names, a range of the (project_id, event_name, person_part, ts, …) index: every person part
    const events = db('ns_events').where('project_id', query.projectId);
    if (query.events !== undefined) void events.whereIn('person_part', partNumbers(EVERYONE));
    rows = await page(events, db, dialect, query, limit);
  }
  return (rows as EventRow[]).map(fromEventRow);
}
