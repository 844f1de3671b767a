import type { TrackResponse } from '@northstar/core';
import { RejectedEventsError } from '../errors/index.js';
import type { EventTimeBounds } from '../ingest/event-time.js';
import type { StoredEvent } from '../ports/index.js';
import type { TrackEnvelope } from './track-envelope.js';
import { validateEvents } from './validate-events.js';

/** Makes events durable; resolves only once they are (the router passes its group committer). */
export type CommitEvents = (events: StoredEvent[]) => Promise<unknown>;

/**
 * Validates and stores the events of one request; resolves once storage has them. Throws a 400
 * (`RejectedEventsError`, with every rejection) only when no event of the body is usable.
 */
export async function trackEvents(
  commit: CommitEvents,
  envelope: TrackEnvelope,
  projectId: number,
  receivedAt: number,
  bounds: EventTimeBounds,
): Promise<TrackResponse> {
  const result = validateEvents(envelope, projectId, receivedAt, bounds);
  if (result.events.length === 0) {
    const first = result.rejected[0]?.error ?? 'No events';
    const message = envelope.isBatch ? `No valid events in batch; first error: ${first}` : first;
    throw new RejectedEventsError(message, result.rejected);
  }
  await commit(result.events);
  return { accepted: result.events.length, rejected: result.rejected };
}
