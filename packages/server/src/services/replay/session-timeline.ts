import type { QueryEngine, ReplaySession, StoredEvent } from '../../ports/index.js';
import { ERROR_EVENTS, FRUSTRATION_EVENTS, TIMELINE_EVENTS } from '../../schemas/replay-session.js';
import type { TimelineEntry } from '../../schemas/replay-session.js';
import { SESSION_MARGIN_MS } from './session-counts.js';

/** Entries of a timeline at most. */
const MAX_TIMELINE = 1_000;

function kindOf(name: string): TimelineEntry['kind'] {
  if (name === '$pageview') return 'pageview';
  if ((FRUSTRATION_EVENTS as readonly string[]).includes(name)) return 'frustration';
  if ((ERROR_EVENTS as readonly string[]).includes(name)) return 'error';
  return 'click';
}

/** What the timeline shows of an event: the page of a page view, the element of a click, the message of an error. */
function labelOf(event: StoredEvent): string | null {
  const props = event.str_properties;
  const label = event.event_name === '$pageview' ? (props.$current_url ?? props.$pathname) : (props.$el_text ?? props.$message ?? props.$current_url);
  return label === undefined ? null : label.slice(0, 200);
}

/** The page views, clicks, frustration and errors tracked in a session, oldest first (the newest 1,000 when more). */
export async function sessionTimeline(engine: QueryEngine, projectId: number, session: ReplaySession): Promise<TimelineEntry[]> {
  const events = await engine.run({
    kind: 'events',
    projectId,
    sessionId: session.sessionId,
    events: [...TIMELINE_EVENTS],
    since: session.startedAt - SESSION_MARGIN_MS,
    before: { timestamp: session.endedAt + SESSION_MARGIN_MS, uuid: '' },
    limit: MAX_TIMELINE,
  });
  return events.reverse().map((event) => ({
    uuid: event.uuid,
    event: event.event_name,
    kind: kindOf(event.event_name),
    timestamp: new Date(event.timestamp).toISOString(),
    offset_ms: event.timestamp - session.startedAt,
    label: labelOf(event),
  }));
}
