import { NotFoundError } from '../../errors/index.js';
import type { QueryEngine, TrackedUserPage, UserDeletion } from '../../ports/index.js';
import type { EventPageQuery } from '../../schemas/documents/common.js';
import { LIMITS } from '../../schemas/limits.js';
import { eraseUser } from './erase-user.js';
import type { ErasurePorts } from './erase-user.js';
import { listEventPage, showEvent } from './event-page.js';
import type { EventPage, ShownEvent } from './event-page.js';

export interface ShownUser {
  user_id: string;
  properties: Record<string, string | number | boolean>;
  /** Time of the newest event of the user or its devices; null when it has none. */
  last_seen: string | null;
}

export interface UserDeletionResult {
  user_id: string;
  /** What the store removed (`UserDeletion`). */
  deleted: UserDeletion;
}

const notFound = (userId: string) => new NotFoundError(`No user ${userId} in this project`);

/** Tracked users of a project: people seen through events, identify or user properties. */
export function userService(ports: ErasurePorts & { queryEngine: QueryEngine }) {
  const { people, queryEngine } = ports;

  return {
    list(projectId: number, page: { after?: string | undefined; limit: number }): Promise<TrackedUserPage> {
      return people.listUsers({ projectId, ...(page.after !== undefined && { after: page.after }), limit: page.limit });
    },

    /** The user's properties and last event; 404 when the project has neither for this id. */
    async get(projectId: number, userId: string): Promise<ShownUser> {
      if (userId.length > LIMITS.maxIdLength) throw notFound(userId);
      const [properties, newest] = await Promise.all([
        people.getUserProperties(projectId, userId),
        queryEngine.run({ kind: 'events', projectId, userId, limit: 1 }),
      ]);
      const last = newest[0];
      if (!last && Object.keys(properties).length === 0) throw notFound(userId);
      return { user_id: userId, properties, last_seen: last ? new Date(last.timestamp).toISOString() : null };
    },

    /** The user's events and those of its linked devices, newest first; 404 for an unknown user. */
    async events(projectId: number, userId: string, page: EventPageQuery): Promise<EventPage<ShownEvent>> {
      if (userId.length > LIMITS.maxIdLength) throw notFound(userId);
      const result = await listEventPage(queryEngine, { projectId, userId }, page, showEvent);
      if (result.items.length === 0 && page.before === undefined && Object.keys(await people.getUserProperties(projectId, userId)).length === 0) {
        throw notFound(userId);
      }
      return result;
    },

    /** GDPR erasure: the user's events, those of its linked devices, links, properties and rollup share. Idempotent. */
    async remove(projectId: number, userId: string): Promise<UserDeletionResult> {
      return { user_id: userId, deleted: await eraseUser(ports, projectId, userId) };
    },
  };
}

export type UserService = ReturnType<typeof userService>;
