import type { ReplayChunk, StoredEvent } from '@northstar/server';
import type { createMemoryPeople } from './memory-people.js';

/** The in-process state of the memory EventStore, shared by the files that implement its parts. */
export interface MemoryEventState {
  /** Events per project, keyed by uuid. */
  projects: Map<number, Map<string, StoredEvent>>;
  people: ReturnType<typeof createMemoryPeople>;
  /** Replay chunks per `projectId \0 sessionId`, keyed by seq. */
  replays: Map<string, Map<number, ReplayChunk>>;
}

/** Whether an event is the user's: its own (`user_id`), or an anonymous one of a device linked to it. */
export function isUsersEvent(event: { user_id: string | null; device_id: string | null }, userId: string, devices: ReadonlySet<string>): boolean {
  if (event.user_id !== null) return event.user_id === userId;
  return event.device_id !== null && devices.has(event.device_id);
}
