/**
 * People: which devices belong to which user, user properties, the list of people, and GDPR deletion.
 * Events belong to the `EventLog`; an adapter that provides both keeps them consistent (a deletion
 * removes the person's events and replays in the same transaction).
 */

/** `created`: a new link; `unchanged`: the device was already linked to this user; `conflict`: to another user (kept). */
export type LinkResult = 'created' | 'unchanged' | 'conflict';

/** User properties: a `null` value deletes the key when merged. */
export type UserProperties = Record<string, string | number | boolean | null>;

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

export interface PersonStore {
  /**
   * Links a device to a user: from now on the device's anonymous events (past and future) count as
   * that user's. A device links to one user only; a different user is a `conflict` and changes nothing.
   */
  linkDevice(projectId: number, deviceId: string, userId: string): Promise<LinkResult>;
  /** The devices linked to a user, in code-point order; `[]` for an unknown user. */
  linkedDevices(projectId: number, userId: string): Promise<string[]>;
  /** Merges `properties` into the user's (JSON merge patch: `null` deletes a key). */
  setUserProperties(projectId: number, userId: string, properties: UserProperties): Promise<void>;
  /** The user's properties; `{}` for an unknown user. */
  getUserProperties(projectId: number, userId: string): Promise<Record<string, string | number | boolean>>;
  /** People of a project: users with properties or links, and users with events in this adapter's own event log. */
  listUsers(request: UserListRequest): Promise<TrackedUserPage>;
  /**
   * Forgets a user (GDPR): its properties, its device links, and what this adapter's own event log and
   * replay store hold of it — its events (the ones an `events` listing of `userId` returns), its replay
   * sessions (every session with a chunk of its id or, anonymous, of its linked devices) and its share
   * of every rollup — so that aggregates afterwards equal those of a store that never saw it.
   */
  deleteUser(projectId: number, userId: string): Promise<UserDeletion>;
  /** Deletes every link and user property of a project (and, in an adapter that keeps them, its person index). */
  deleteProject(projectId: number): Promise<void>;
}
