import type { ReplayChunk, UserDeletion } from '@northstar/server';
import type { MemoryEventState } from './memory-event-state.js';
import { isUsersEvent, sessionKey } from './memory-event-state.js';

/** Deletes every replay session of the project with a chunk of the user (see `isUsersEvent`). */
function deleteReplays(state: MemoryEventState, projectId: number, userId: string, devices: ReadonlySet<string>): void {
  const ofUser = (chunk: ReplayChunk) => isUsersEvent({ user_id: chunk.userId ?? null, device_id: chunk.deviceId ?? null }, userId, devices);
  for (const [session, chunks] of state.replays) {
    if (session.startsWith(sessionKey(projectId)) && [...chunks.values()].some(ofUser)) state.replays.delete(session);
  }
}

/**
 * GDPR deletion of a user from every memory port: events, replay sessions, links and properties.
 * Aggregates are computed from the raw events on every query here, so removing the events is all it
 * takes for them to equal a store that never saw the user.
 */
export function deleteMemoryUser(state: MemoryEventState, projectId: number, userId: string): UserDeletion {
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
