import type { RejectedEvent } from '@northstar/core';
import { correctedTime, timeBoundsError } from '../ingest/event-time.js';
import type { EventTimeBounds } from '../ingest/event-time.js';
import { fastStoredEvent } from '../ingest/fast-event.js';
import { serverUuidV7 } from '../ingest/server-uuid.js';
import { wellFormed } from '../schemas/text-rules.js';
import type { StoredEvent } from '../ports/index.js';
import { describeIssues, trackedEventSchema } from '../schemas/index.js';
import type { ParsedTrackedEvent } from '../schemas/index.js';
import type { TrackEnvelope } from './track-envelope.js';

export interface ValidatedEvents {
  events: StoredEvent[];
  rejected: RejectedEvent[];
}

function optionalTime(value: string | undefined): number | undefined {
  return value === undefined ? undefined : Date.parse(value);
}

/** A fresh map with lone surrogates of keys and values replaced by U+FFFD (zod already left out `__proto__`). */
function wellFormedMap<T>(map: Record<string, T> | undefined, value: (entry: T) => T): Record<string, T> {
  const out: Record<string, T> = {};
  if (map) for (const [key, entry] of Object.entries(map)) out[wellFormed(key)] = value(entry);
  return out;
}

const keep = <T>(entry: T): T => entry;

/** The stored form of an event the schema accepted (the slow path, for whatever the fast path left). */
function toStored(event: ParsedTrackedEvent, projectId: number, receivedAt: number): StoredEvent {
  const id = (value: string | null | undefined) => (value ? wellFormed(value) : null);
  return {
    uuid: event.uuid?.toLowerCase() ?? serverUuidV7(receivedAt),
    project_id: projectId,
    event_name: wellFormed(event.event_name),
    user_id: id(event.user_id),
    device_id: id(event.device_id),
    session_id: id(event.session_id),
    timestamp: correctedTime(optionalTime(event.timestamp), optionalTime(event.sent_at), receivedAt),
    str_properties: wellFormedMap(event.str_properties, wellFormed),
    num_properties: wellFormedMap(event.num_properties, keep),
    received_at: receivedAt,
  };
}

function withInheritedSentAt(item: unknown, sentAt: unknown): unknown {
  if (sentAt === undefined || typeof item !== 'object' || item === null || Array.isArray(item)) return item;
  return 'sent_at' in item ? item : { ...item, sent_at: sentAt };
}

/**
 * The event checked by the schema: its stored form, or the schema's words for what is wrong. Exported
 * for packages/server/test/track-validation.test.ts, which holds the fast path to the same answers.
 */
export function slowStoredEvent(item: unknown, sentAt: unknown, projectId: number, receivedAt: number): StoredEvent | string {
  const parsed = trackedEventSchema.safeParse(withInheritedSentAt(item, sentAt));
  return parsed.success ? toStored(parsed.data, projectId, receivedAt) : describeIssues(parsed.error);
}

/**
 * Validates each event on its own, so that a bad event never takes a good one with it. The common valid
 * event takes the hand-written fast path; anything else is decided by the zod schema.
 */
export function validateEvents(envelope: TrackEnvelope, projectId: number, receivedAt: number, bounds: EventTimeBounds): ValidatedEvents {
  const events: StoredEvent[] = [];
  const rejected: RejectedEvent[] = [];
  const { items, sentAt } = envelope;
  for (let index = 0; index < items.length; index++) {
    const item = items[index];
    const event = fastStoredEvent(item, sentAt, projectId, receivedAt) ?? slowStoredEvent(item, sentAt, projectId, receivedAt);
    const error = typeof event === 'string' ? event : timeBoundsError(event.timestamp, receivedAt, bounds);
    if (error !== undefined) rejected.push({ index, error });
    else if (typeof event !== 'string') events.push(event);
  }
  return { events, rejected };
}
