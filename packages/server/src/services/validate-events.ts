import { uuidv7 } from '@northstar/core';
import type { RejectedEvent } from '@northstar/core';
import type { StoredEvent } from '../ports/index.js';
import { describeIssues, trackedEventSchema } from '../schemas/index.js';
import type { ParsedTrackedEvent } from '../schemas/index.js';
import type { TrackEnvelope } from './track-envelope.js';

export interface ValidatedEvents {
  events: StoredEvent[];
  rejected: RejectedEvent[];
}

/** Client clock skew: a `sent_at` moves the event by the server's receive time minus the client's send time. */
function eventTime(event: ParsedTrackedEvent, receivedAt: number): number {
  if (event.timestamp === undefined) return receivedAt;
  const timestamp = Date.parse(event.timestamp);
  if (event.sent_at === undefined) return timestamp;
  return timestamp + (receivedAt - Date.parse(event.sent_at));
}

function toStored(event: ParsedTrackedEvent, projectId: number, receivedAt: number): StoredEvent {
  return {
    uuid: event.uuid?.toLowerCase() ?? uuidv7(receivedAt),
    project_id: projectId,
    event_name: event.event_name,
    user_id: event.user_id ?? null,
    device_id: event.device_id ?? null,
    session_id: event.session_id ?? null,
    timestamp: eventTime(event, receivedAt),
    str_properties: { ...event.str_properties },
    num_properties: { ...event.num_properties },
    received_at: receivedAt,
  };
}

function withInheritedSentAt(item: unknown, sentAt: unknown): unknown {
  if (sentAt === undefined || typeof item !== 'object' || item === null || Array.isArray(item)) return item;
  return 'sent_at' in item ? item : { ...item, sent_at: sentAt };
}

/** Validates each event on its own, so that a bad event never takes a good one with it. */
export function validateEvents(envelope: TrackEnvelope, projectId: number, receivedAt: number): ValidatedEvents {
  const events: StoredEvent[] = [];
  const rejected: RejectedEvent[] = [];
  envelope.items.forEach((item, index) => {
    const parsed = trackedEventSchema.safeParse(withInheritedSentAt(item, envelope.sentAt));
    if (parsed.success) events.push(toStored(parsed.data, projectId, receivedAt));
    else rejected.push({ index, error: describeIssues(parsed.error) });
  });
  return { events, rejected };
}
