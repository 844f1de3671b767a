import type { ReplayChunk, StoredEvent } from '@northstar/server';
import { createHeatmapRollup } from './memory-heatmap.js';
import type { HeatmapRollup } from './memory-heatmap.js';
import { createMemoryPeople } from './memory-people.js';

/** The in-process state shared by the memory ports: the query engine and the person store read the event log's maps. */
export interface MemoryEventState {
  /** Events per project, keyed by uuid. */
  projects: Map<number, Map<string, StoredEvent>>;
  people: ReturnType<typeof createMemoryPeople>;
  /** Replay chunks per `projectId \0 sessionId`, keyed by seq. */
  replays: Map<string, Map<number, ReplayChunk>>;
  /** Heatmap rollups of the `$heatmap` events stored (anonymous aggregates: a user's deletion leaves them). */
  heatmaps: HeatmapRollup;
}

/** Empty state for one memory adapter. */
export function createMemoryEventState(): MemoryEventState {
  return { projects: new Map(), people: createMemoryPeople(), replays: new Map(), heatmaps: createHeatmapRollup() };
}

/** Forgets every event, link, property and chunk. */
export function clearMemoryEventState(state: MemoryEventState): void {
  state.projects.clear();
  state.people.clear();
  state.replays.clear();
  state.heatmaps.clear();
}

/** Whether an event is the user's: its own (`user_id`), or an anonymous one of a device linked to it. */
export function isUsersEvent(event: { user_id: string | null; device_id: string | null }, userId: string, devices: ReadonlySet<string>): boolean {
  if (event.user_id !== null) return event.user_id === userId;
  return event.device_id !== null && devices.has(event.device_id);
}

/** The key of a replay session in `MemoryEventState.replays`, and the prefix of a project's sessions. */
export const sessionKey = (projectId: number, sessionId = ''): string => `${projectId}\u0000${sessionId}`;
