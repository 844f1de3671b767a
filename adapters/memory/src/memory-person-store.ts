import type { PersonStore, TrackedUserPage, UserListRequest, UserProperties } from '@northstar/server';
import { pageLimit } from './memory-event-listing.js';
import type { MemoryEventState } from './memory-event-state.js';
import { compareCodePoints } from '@northstar/core';
import { deleteMemoryUser } from './memory-user-deletion.js';

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

/** Links and properties in maps; people listing and GDPR deletion see the memory event log and replays too. */
export function createMemoryPersonStore(state: MemoryEventState): PersonStore {
  const { people } = state;
  return {
    linkDevice: (projectId: number, deviceId: string, userId: string) => Promise.resolve(people.linkDevice(projectId, deviceId, userId)),
    linkedDevices: (projectId: number, userId: string) => Promise.resolve(people.devicesOf(projectId, userId).sort(compareCodePoints)),

    setUserProperties(projectId: number, userId: string, properties: UserProperties): Promise<void> {
      people.setUserProperties(projectId, userId, properties);
      return Promise.resolve();
    },

    getUserProperties: (projectId: number, userId: string) => Promise.resolve(people.getUserProperties(projectId, userId)),
    listUsers: (request: UserListRequest) => Promise.resolve(listUsers(state, request)),
    deleteUser: (projectId: number, userId: string) => Promise.resolve(deleteMemoryUser(state, projectId, userId)),

    deleteProject(projectId: number): Promise<void> {
      people.forgetProject(projectId);
      return Promise.resolve();
    },
  };
}
