import {
  aggregateEvents,
  countSessionEvents,
  createHeatmapRollup,
  dispatchQueries,
  funnelOfEvents,
  listEventsIn,
  retentionOfEvents,
  surveyResultsOf,
  surveyStatesOf,
} from '@northstar/adapter-memory';
import type { EventLog, PersonEventsRef, QueryEngine, StoredEvent } from '@northstar/server';

/** An adapter of exactly two ports, as `createTwoPortStorage` returns it. */
export interface TwoPortStorage {
  name: 'two-port';
  eventLog: EventLog & Required<Pick<EventLog, 'deletePersonEvents'>>;
  queryEngine: QueryEngine;
  /** Forgets every event. */
  dispose(): Promise<void>;
}

const copy = (event: StoredEvent): StoredEvent => ({ ...event, str_properties: { ...event.str_properties }, num_properties: { ...event.num_properties } });

/** Without a PersonStore an event's person is its own: `user_id`, else `device_id`. */
const personOf = (event: StoredEvent): string | null =>
  event.user_id !== null ? `u:${event.user_id}` : event.device_id === null ? null : `d:${event.device_id}`;

/**
 * A test adapter that implements only `EventLog` + `QueryEngine`, the shape of a future columnar events
 * engine composed with configuration and people kept elsewhere (in SQL). Its events live in its own
 * maps; its engine reuses memory's reference computations. It has no device links: a person is an
 * event's `user_id`, else its `device_id`. Since its events are apart from any PersonStore, it
 * provides `deletePersonEvents` for GDPR deletion, given the devices the PersonStore had linked.
 */
export function createTwoPortStorage(): TwoPortStorage {
  const projects = new Map<number, Map<string, StoredEvent>>();
  const eventsOf = (projectId: number): Iterable<StoredEvent> => projects.get(projectId)?.values() ?? [];
  const heatmaps = createHeatmapRollup();

  const eventLog: TwoPortStorage['eventLog'] = {
    appendEvents(events) {
      const inserted: StoredEvent[] = [];
      for (const event of events) {
        const stored = projects.get(event.project_id) ?? new Map<string, StoredEvent>();
        projects.set(event.project_id, stored);
        if (stored.has(event.uuid)) continue;
        stored.set(event.uuid, copy(event));
        inserted.push(event);
      }
      heatmaps.add(inserted);
      return Promise.resolve({ inserted: inserted.length, duplicates: events.length - inserted.length });
    },
    getEvent(projectId, uuid) {
      const event = projects.get(projectId)?.get(uuid);
      return Promise.resolve(event && copy(event));
    },
    deleteProject(projectId) {
      const deleted = projects.get(projectId)?.size ?? 0;
      projects.delete(projectId);
      heatmaps.deleteProject(projectId);
      return Promise.resolve(deleted);
    },
    deletePersonEvents({ projectId, userId, deviceIds }: PersonEventsRef) {
      const devices = new Set(deviceIds);
      const stored = projects.get(projectId);
      let deleted = 0;
      for (const [uuid, event] of stored ?? []) {
        const persons = event.user_id === null ? event.device_id !== null && devices.has(event.device_id) : event.user_id === userId;
        if (!persons) continue;
        stored?.delete(uuid);
        deleted += 1;
      }
      return Promise.resolve(deleted);
    },
  };

  const queryEngine = dispatchQueries({
    segmentation: (query) => Promise.resolve(aggregateEvents(eventsOf(query.projectId), query, personOf)),
    events: (query) => Promise.resolve(listEventsIn(eventsOf(query.projectId), query, new Set())),
    funnel: (query) => Promise.resolve(funnelOfEvents(eventsOf(query.projectId), query, personOf)),
    retention: (query) => Promise.resolve(retentionOfEvents(eventsOf(query.projectId), query, personOf)),
    heatmap: (query) => new Promise((resolve) => resolve(heatmaps.query(query))),
    sessionEventCounts: (query) => Promise.resolve(countSessionEvents(eventsOf(query.projectId), query)),
    surveyStates: (query) =>
      Promise.resolve(
        surveyStatesOf(
          [...eventsOf(query.projectId)].filter(
            (event) =>
              (query.userId !== undefined && event.user_id === query.userId) ||
              (query.deviceId !== undefined && event.user_id === null && event.device_id === query.deviceId),
          ),
        ),
      ),
    surveyResults: (query) => Promise.resolve(surveyResultsOf(eventsOf(query.projectId), query, personOf)),
  });

  return {
    name: 'two-port',
    eventLog,
    queryEngine,
    dispose() {
      projects.clear();
      heatmaps.clear();
      return Promise.resolve();
    },
  };
}
