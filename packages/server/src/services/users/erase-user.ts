import type { DetachablePort, EventLog, PersonStore, ReplayStore, UserDeletion } from '../../ports/index.js';

/** What a GDPR deletion reaches: the person store, and the stores kept apart from it (`detachedFromPeople`). */
export interface ErasurePorts {
  people: PersonStore;
  eventLog: EventLog;
  replays: ReplayStore;
  /** @default [] (the event log and the replay store are the person store's adapter's) */
  detachedFromPeople?: readonly DetachablePort[] | undefined;
}

/**
 * Forgets a user (GDPR). Within one adapter `people.deleteUser` erases everything atomically. Across
 * adapters it reads the user's linked devices first (the deletion drops the links), then deletes the
 * person, then its events and replay sessions from each store kept apart; every step is idempotent,
 * so a retry after a failure finishes the job. `events` counts the events deleted in every store.
 */
export async function eraseUser(ports: ErasurePorts, projectId: number, userId: string): Promise<UserDeletion> {
  const detached = ports.detachedFromPeople ?? [];
  if (detached.length === 0) return ports.people.deleteUser(projectId, userId);
  const deviceIds = await ports.people.linkedDevices(projectId, userId);
  const deletion = await ports.people.deleteUser(projectId, userId);
  const person = { projectId, userId, deviceIds };
  let events = deletion.events;
  // composeStorage refuses a detached store without its deletion method; checked again for hand-made storage.
  if (detached.includes('eventLog')) {
    if (!ports.eventLog.deletePersonEvents) throw missing('eventLog.deletePersonEvents');
    events += await ports.eventLog.deletePersonEvents(person);
  }
  if (detached.includes('replays')) {
    if (!ports.replays.deletePersonSessions) throw missing('replays.deletePersonSessions');
    await ports.replays.deletePersonSessions(person);
  }
  return { ...deletion, events };
}

function missing(method: string): TypeError {
  return new TypeError(`${method} is missing: a GDPR deletion cannot reach a store kept apart from the PersonStore without it`);
}
