import type { QueryEngine, StoredEvent } from '@northstar/server';
import { aggregateEvents } from './memory-aggregate.js';
import { listEventsIn } from './memory-event-listing.js';
import type { MemoryEventState } from './memory-event-state.js';
import { dispatchQueries } from './query-dispatch.js';

/** The reference engine: every query computed in JS over the event log's maps, people resolved through the links. */
export function createMemoryQueryEngine(state: MemoryEventState): QueryEngine {
  /** `u:` + user id, else `u:` + the user the device is linked to, else `d:` + device id. */
  function personOf(event: StoredEvent): string | null {
    if (event.user_id !== null) return `u:${event.user_id}`;
    if (event.device_id === null) return null;
    const linked = state.people.linkedUser(event.project_id, event.device_id);
    return linked === undefined ? `d:${event.device_id}` : `u:${linked}`;
  }
  const eventsOf = (projectId: number) => state.projects.get(projectId)?.values() ?? [];

  return dispatchQueries({
    segmentation: (query) => Promise.resolve(aggregateEvents(eventsOf(query.projectId), query, personOf)),
    events(query) {
      const devices = new Set(query.userId === undefined ? [] : state.people.devicesOf(query.projectId, query.userId));
      return Promise.resolve(listEventsIn(eventsOf(query.projectId), query, devices));
    },
  });
}
