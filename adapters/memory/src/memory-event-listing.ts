import type { EventListQuery, StoredEvent } from '@northstar/server';
import { copyEvent } from './copy-event.js';
import { isUsersEvent } from './memory-event-state.js';
import { matchesFilter } from './property-filter.js';

/** `limit` as a whole number within 1–1000; 50 when absent or not a finite number (as the SQL adapter). */
export function pageLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return 50;
  return Math.min(1000, Math.max(1, Math.floor(limit)));
}

/** Newest first: `timestamp` descending, then `uuid` descending. */
function newestFirst(a: StoredEvent, b: StoredEvent): number {
  if (a.timestamp !== b.timestamp) return b.timestamp - a.timestamp;
  return a.uuid === b.uuid ? 0 : a.uuid < b.uuid ? 1 : -1;
}

/** Whether `event` is strictly older than the cursor. */
function isBefore(event: StoredEvent, before: { timestamp: number; uuid: string }): boolean {
  return event.timestamp < before.timestamp || (event.timestamp === before.timestamp && event.uuid < before.uuid);
}

/**
 * The `events` listing over one project's events, filtered and sorted in JS (which is the point of
 * memory); `userDevices` are the devices linked to `query.userId` (none for an engine without people).
 */
export function listEventsIn(events: Iterable<StoredEvent>, query: EventListQuery, userDevices: ReadonlySet<string>): StoredEvent[] {
  const names = query.events === undefined ? undefined : new Set(query.events);
  const equals = Object.entries(query.strEquals ?? {});
  const matching = [...events].filter(
    (event) =>
      (query.userId === undefined || isUsersEvent(event, query.userId, userDevices)) &&
      (query.deviceId === undefined || (event.device_id === query.deviceId && (query.userId !== undefined || event.user_id === null))) &&
      (names === undefined || names.has(event.event_name)) &&
      (query.sessionId === undefined || event.session_id === query.sessionId) &&
      equals.every(([property, value]) => matchesFilter(event, { property, op: 'eq', value })) &&
      (query.filters ?? []).every((filter) => matchesFilter(event, filter)) &&
      (query.since === undefined || event.timestamp >= query.since) &&
      (query.before === undefined || isBefore(event, query.before)),
  );
  return matching.sort(newestFirst).slice(0, pageLimit(query.limit)).map(copyEvent);
}
