import type { StoredEvent } from './event-log.js';
import type { EventListQuery } from './query-engine.js';
import type { TrackedUserPage, UserDeletion, UserListRequest } from './person-store.js';

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
