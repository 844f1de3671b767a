import type { ReplayChunk, UserDeletion } from '@northstar/server';
import type { MemoryEventState } from './memory-event-state.js';
import { isUsersEvent } from './memory-event-state.js';

const sessionPrefix = (projectId: number) => `${projectId}\u0000`;

/** Deletes every replay session of the project with a chunk of the user (see `isUsersEvent`). */
function deleteReplays(state: MemoryEventState, projectId: number, userId: string, devices: ReadonlySet<string>): void {
  const ofUser = (chunk: ReplayChunk) => isUsersEvent({ user_id: chunk.userId ?? null, device_id: chunk.deviceId ?? null }, userId, devices);
  for (const [session, chunks] of state.replays) {
    if (session.startsWith(sessionPrefix(projectId)) && [...chunks.values()].some(ofUser)) state.replays.delete(session);
  }
}

function deleteUser(state: MemoryEventState, projectId: number, userId: string): UserDeletion {
  const devices = new Set(state.people.devicesOf(projectId, userId));
  const events = state.projects.get(projectId);
  let deleted = 0;
  for (const [uuid, event] of events ?? []) {
    if (!isUsersEvent(event, userId, devices)) continue;
    events?.delete(uuid);
    deleted += 1;
  }
  deleteReplays(state, projectId, userId, devices);
  state.people.forgetUser(projectId, userId);
  return { events: deleted };
}

function deleteProjectData(state: MemoryEventState, projectId: number): number {
  const deleted = state.projects.get(projectId)?.size ?? 0;
  state.projects.delete(projectId);
  state.people.forgetProject(projectId);
  for (const session of [...state.replays.keys()]) if (session.startsWith(sessionPrefix(projectId))) state.replays.delete(session);
  return deleted;
}

/**
 * GDPR deletions of the memory EventStore. Aggregates are computed from the raw events on every
 * query here, so removing the events is all it takes for them to equal a store that never saw them.
 */
export function memoryUserDeletion(state: MemoryEventState) {
  return {
    deleteUser: (projectId: number, userId: string) => Promise.resolve(deleteUser(state, projectId, userId)),
    deleteProjectData: (projectId: number) => Promise.resolve(deleteProjectData(state, projectId)),
  };
}
