import type { TrackResponse } from '@northstar/core';
import { RejectedEventsError } from '../errors/index.js';
import type { EventTimeBounds } from '../ingest/event-time.js';
import type { StoredEvent } from '../ports/index.js';
import { readTrackEnvelope } from './track-envelope.js';
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

export interface TrackingServiceDeps {
  /** Where valid events go; resolves once they are durable (the app's group committer). */
  commit: CommitEvents;
  /** Epoch ms: the receive time of the events. */
  clock: () => number;
  /** Most events in one `{ batch }` body; more are 413. */
  maxBatchSize: number;
  /** How far an event's time may lie before and after its receive time. */
  bounds: EventTimeBounds;
}

/** The ingestion of `/v1/track`: a body of one event or a batch, validated by the fast path, committed. */
export interface TrackingService {
  /**
   * Validates the body's events one by one and resolves once the valid ones are durable, with the
   * invalid ones reported by index; a body with no valid event is `RejectedEventsError` (400).
   */
  track(projectId: number, body: unknown): Promise<TrackResponse>;
}

export function trackingService({ commit, clock, maxBatchSize, bounds }: TrackingServiceDeps): TrackingService {
  // The hot path: no allocation and no await beyond those of trackEvents.
  return { track: (projectId, body) => trackEvents(commit, readTrackEnvelope(body, maxBatchSize), projectId, clock(), bounds) };
}
