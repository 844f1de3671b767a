import type { EventListQuery, StoredEvent, TrackedUserPage, UserListRequest } from '@northstar/server';
import { copyEvent } from './copy-event.js';
import type { MemoryEventState } from './memory-event-state.js';
import { isUsersEvent } from './memory-event-state.js';
import { compareCodePoints } from './metric-accumulator.js';
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

function listEvents(state: MemoryEventState, query: EventListQuery): StoredEvent[] {
  const names = query.events === undefined ? undefined : new Set(query.events);
  const devices = query.userId === undefined ? undefined : new Set(state.people.devicesOf(query.projectId, query.userId));
  const equals = Object.entries(query.strEquals ?? {});
  const matching = [...(state.projects.get(query.projectId)?.values() ?? [])].filter(
    (event) =>
      (query.userId === undefined || isUsersEvent(event, query.userId, devices ?? new Set())) &&
      (query.deviceId === undefined || (event.device_id === query.deviceId && (query.userId !== undefined || event.user_id === null))) &&
      (names === undefined || names.has(event.event_name)) &&
      equals.every(([property, value]) => matchesFilter(event, { property, op: 'eq', value })) &&
      (query.before === undefined || isBefore(event, query.before)),
  );
  return matching.sort(newestFirst).slice(0, pageLimit(query.limit)).map(copyEvent);
}

function listUsers(state: MemoryEventState, request: UserListRequest): TrackedUserPage {
  const ids = state.people.usersOf(request.projectId);
  for (const event of state.projects.get(request.projectId)?.values() ?? []) if (event.user_id !== null) ids.add(event.user_id);
  const after = request.after;
  const sorted = [...ids].filter((id) => after === undefined || compareCodePoints(id, after) > 0).sort(compareCodePoints);
  const limit = pageLimit(request.limit);
  const page = sorted.slice(0, limit);
  return {
    items: page.map((id) => ({ user_id: id, properties: state.people.getUserProperties(request.projectId, id) })),
    next: sorted.length > limit ? (page[page.length - 1] ?? null) : null,
  };
}

/** The people reads of the memory EventStore: filters and sorts in JS, which is the point of memory. */
export function memoryPeopleReads(state: MemoryEventState) {
  return {
    listEvents: (query: EventListQuery) => Promise.resolve(listEvents(state, query)),
    listUsers: (request: UserListRequest) => Promise.resolve(listUsers(state, request)),
  };
}
