import type { QueryEngine, ReplaySession } from '../../ports/index.js';
import { ERROR_EVENTS, FRUSTRATION_EVENTS } from '../../schemas/replay-session.js';

/** Events tracked this long before a recording's first moment or after its last still count as the session's. */
export const SESSION_MARGIN_MS = 60_000;

export interface SessionCounts {
  frustration: { total: number; rageclick: number; deadclick: number; errorclick: number; erratic_cursor: number };
  errors: number;
}

const empty = (): SessionCounts => ({ frustration: { total: 0, rageclick: 0, deadclick: 0, errorclick: 0, erratic_cursor: 0 }, errors: 0 });

/** The frustration and error counts of each session, from the events tracked with its `session_id` (one query for the page). */
export async function sessionCounts(engine: QueryEngine, projectId: number, sessions: readonly ReplaySession[]): Promise<Map<string, SessionCounts>> {
  const counts = new Map(sessions.map((session) => [session.sessionId, empty()]));
  if (sessions.length === 0) return counts;
  const rows = await engine.run({
    kind: 'sessionEventCounts',
    projectId,
    sessionIds: sessions.map((session) => session.sessionId),
    events: [...FRUSTRATION_EVENTS, ...ERROR_EVENTS],
    from: Math.min(...sessions.map((session) => session.startedAt)) - SESSION_MARGIN_MS,
    to: Math.max(...sessions.map((session) => session.endedAt)) + SESSION_MARGIN_MS,
  });
  for (const row of rows) {
    const count = counts.get(row.sessionId);
    if (!count) continue;
    if ((ERROR_EVENTS as readonly string[]).includes(row.event)) {
      count.errors += row.count;
      continue;
    }
    const key = row.event.slice(1) as keyof SessionCounts['frustration'];
    count.frustration[key] += row.count;
    count.frustration.total += row.count;
  }
  return counts;
}
