import type { SessionEventCount, SessionEventCountQuery, StoredEvent } from '@northstar/server';

/** `sessionEventCounts` over one project's events: how many of each name each session holds in `[from, to)`. */
export function countSessionEvents(events: Iterable<StoredEvent>, query: SessionEventCountQuery): SessionEventCount[] {
  const sessions = new Set(query.sessionIds);
  const names = new Set(query.events);
  const counts = new Map<string, SessionEventCount>();
  for (const event of events) {
    if (event.session_id === null || !sessions.has(event.session_id) || !names.has(event.event_name)) continue;
    if (event.timestamp < query.from || event.timestamp >= query.to) continue;
    const key = `${event.session_id}\u0000${event.event_name}`;
    const count = counts.get(key) ?? { sessionId: event.session_id, event: event.event_name, count: 0 };
    count.count += 1;
    counts.set(key, count);
  }
  return [...counts.values()];
}
