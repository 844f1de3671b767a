import { isUuid } from '@northstar/core';
import { BadRequestError } from '../../errors/index.js';
import type { EventListQuery, QueryEngine, StoredEvent } from '../../ports/index.js';
import type { EventPageQuery } from '../../schemas/documents/common.js';

/** An event as the application API shows it: times as ISO 8601 UTC. */
export interface ShownEvent {
  uuid: string;
  event_name: string;
  user_id: string | null;
  device_id: string | null;
  session_id: string | null;
  timestamp: string;
  str_properties: Record<string, string>;
  num_properties: Record<string, number>;
}

export interface EventPage<T> {
  items: T[];
  /** Opaque: pass as `before` for older events; null on the last page. */
  next: string | null;
}

export function showEvent(event: StoredEvent): ShownEvent {
  const { uuid, event_name, user_id, device_id, session_id, str_properties, num_properties } = event;
  return { uuid, event_name, user_id, device_id, session_id, timestamp: new Date(event.timestamp).toISOString(), str_properties, num_properties };
}

/** `(timestamp, uuid)` of the last event of a page, as `<epoch ms>.<uuid>` in base64url. */
export function encodeEventCursor(event: Pick<StoredEvent, 'timestamp' | 'uuid'>): string {
  return Buffer.from(`${event.timestamp}.${event.uuid}`).toString('base64url');
}

export function decodeEventCursor(cursor: string): { timestamp: number; uuid: string } {
  const match = /^(-?\d{1,16})\.([0-9a-f-]{36})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const timestamp = Number(match?.[1]);
  const uuid = match?.[2] ?? '';
  if (!match || !Number.isSafeInteger(timestamp) || !isUuid(uuid)) throw new BadRequestError('before is not a cursor of this list');
  return { timestamp, uuid };
}

/** One page of events, newest first: asks the engine for one more than `limit` to know whether another page follows. */
export async function listEventPage<T>(
  engine: QueryEngine,
  query: Omit<EventListQuery, 'before' | 'limit'>,
  page: EventPageQuery,
  show: (event: StoredEvent) => T,
): Promise<EventPage<T>> {
  const events = await engine.run({
    kind: 'events',
    ...query,
    ...(page.before !== undefined && { before: decodeEventCursor(page.before) }),
    limit: page.limit + 1,
  });
  const items = events.slice(0, page.limit);
  const last = items.at(-1);
  return { items: items.map(show), next: events.length > page.limit && last ? encodeEventCursor(last) : null };
}
