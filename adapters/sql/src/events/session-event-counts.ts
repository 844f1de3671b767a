import type { Knex } from 'knex';
import type { SessionEventCount, SessionEventCountQuery } from '@northstar/server';
import { EVERYONE, partNumbers } from './person-parts.js';

/**
 * `sessionEventCounts` in SQL: one grouped count over the range of each named event in
 * `ns_events_event_parts` (project, name, person part, time, …), the sessions tested on the rows of that range.
 */
export async function sessionEventCounts(db: Knex, query: SessionEventCountQuery): Promise<SessionEventCount[]> {
  if (query.sessionIds.length === 0 || query.events.length === 0) return [];
  const rows = (await db('ns_events')
    .select('session_id', 'event_name', db.raw('COUNT(*) AS ??', ['count']))
    .where('project_id', query.projectId)
    .whereIn('event_name', query.events)
    .whereIn('person_part', partNumbers(EVERYONE))
    .where('ts', '>=', query.from)
    .where('ts', '<', query.to)
    .whereIn('session_id', query.sessionIds)
    .groupBy('session_id', 'event_name')) as unknown as { session_id: string; event_name: string; count: number | string }[];
  return rows.map((row) => ({ sessionId: row.session_id, event: row.event_name, count: Number(row.count) }));
}
