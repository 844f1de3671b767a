import type { StoredEvent } from './event-store.js';

/** Which events `listEvents` returns, newest first (`timestamp` descending, then `uuid` descending). */
export interface EventListQuery {
  projectId: number;
  /**
   * Events of this user: its own (`user_id`) and the anonymous ones (no `user_id`) of every device linked
   * to it, stored before or after the link — the events `uniq` counts as this person. @default any
   */
  userId?: string;
  /**
   * Events sent from this device (`device_id`): with `userId`, that user's; alone, the anonymous ones (no
   * `user_id`), whoever the device is linked to — what an unidentified visitor did on it. @default any
   */
  deviceId?: string;
  /** Only these event names (an empty list matches nothing). @default all */
  events?: string[];
  /** Only events whose `str_properties` hold each of these exact values. @default no condition */
  strEquals?: Record<string, string>;
  /** Keyset cursor: only events strictly older than this `(timestamp, uuid)`. @default from the newest */
  before?: { timestamp: number; uuid: string };
  /** Events returned at most, clamped to 1–1000. @default 50 */
  limit?: number;
}

/** A person seen in a project: a `user_id` that has events, linked devices or properties. */
export interface TrackedUser {
  user_id: string;
  properties: Record<string, string | number | boolean>;
}

/** Keyset page of users, in code-point order of `user_id`. */
export interface TrackedUserPage {
  items: TrackedUser[];
  /** Pass as `after` for the next page; null on the last page. */
  next: string | null;
}

export interface UserListRequest {
  projectId: number;
  /** Only users whose id sorts after this one. @default from the start */
  after?: string;
  /** Clamped to 1–1000. @default 50 */
  limit?: number;
}

/** What a GDPR deletion removed. */
export interface UserDeletion {
  /** Events deleted: the user's own and the anonymous ones of its linked devices. */
  events: number;
}

/**
 * Reads and deletions of people and their events, for the application API (users, their events, GDPR)
 * and for decide (a person's guide and survey interactions). Part of `EventStore`.
 */
export interface PeopleStore {
  listEvents(query: EventListQuery): Promise<StoredEvent[]>;
  listUsers(request: UserListRequest): Promise<TrackedUserPage>;
  /**
   * Forgets a user (GDPR): its events (as `listEvents({ userId })` lists them), its replay sessions (every
   * session with a chunk of its id or, anonymous, of its linked devices), its properties, its device links,
   * and its share of every rollup, so that aggregates afterwards equal those of a store that never saw it.
   */
  deleteUser(projectId: number, userId: string): Promise<UserDeletion>;
  /** Deletes every event, link, user property, rollup and replay chunk of a project; returns the events deleted. */
  deleteProjectData(projectId: number): Promise<number>;
}
