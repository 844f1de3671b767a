import type { AppendResult, EventLog, StoredEvent } from '@northstar/server';
import { copyEvent } from './copy-event.js';
import type { MemoryEventState } from './memory-event-state.js';

/** Events kept per project, keyed by uuid; the first copy of a uuid wins, as with a unique index. */
export function createMemoryEventLog(state: MemoryEventState): EventLog {
  function eventsOf(projectId: number): Map<string, StoredEvent> {
    let events = state.projects.get(projectId);
    if (!events) {
      events = new Map();
      state.projects.set(projectId, events);
    }
    return events;
  }

  return {
    appendEvents(events: StoredEvent[]): Promise<AppendResult> {
      const inserted: StoredEvent[] = [];
      for (const event of events) {
        const stored = eventsOf(event.project_id);
        if (stored.has(event.uuid)) continue;
        const copy = copyEvent(event);
        stored.set(event.uuid, copy);
        inserted.push(copy);
      }
      state.heatmaps.add(inserted);
      return Promise.resolve({ inserted: inserted.length, duplicates: events.length - inserted.length });
    },

    getEvent(projectId: number, uuid: string): Promise<StoredEvent | undefined> {
      const event = state.projects.get(projectId)?.get(uuid);
      return Promise.resolve(event && copyEvent(event));
    },

    /** Memory derives only the heatmap rollups from events (other aggregates are computed on every query). */
    deleteProject(projectId: number): Promise<number> {
      const deleted = state.projects.get(projectId)?.size ?? 0;
      state.projects.delete(projectId);
      state.heatmaps.deleteProject(projectId);
      return Promise.resolve(deleted);
    },
  };
}
