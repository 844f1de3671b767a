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
      let inserted = 0;
      for (const event of events) {
        const stored = eventsOf(event.project_id);
        if (stored.has(event.uuid)) continue;
        stored.set(event.uuid, copyEvent(event));
        inserted += 1;
      }
      return Promise.resolve({ inserted, duplicates: events.length - inserted });
    },

    getEvent(projectId: number, uuid: string): Promise<StoredEvent | undefined> {
      const event = state.projects.get(projectId)?.get(uuid);
      return Promise.resolve(event && copyEvent(event));
    },

    /** Memory derives nothing from events (aggregates are computed on every query), so dropping them is all. */
    deleteProject(projectId: number): Promise<number> {
      const deleted = state.projects.get(projectId)?.size ?? 0;
      state.projects.delete(projectId);
      return Promise.resolve(deleted);
    },
  };
}
