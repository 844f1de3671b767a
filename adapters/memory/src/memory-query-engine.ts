import type { QueryEngine, StoredEvent } from '@northstar/server';
import { aggregateEvents } from './memory-aggregate.js';
import { listEventsIn } from './memory-event-listing.js';
import { countSessionEvents } from './memory-session-events.js';
import { funnelOfEvents } from './memory-funnel.js';
import { isUsersEvent } from './memory-event-state.js';
import type { MemoryEventState } from './memory-event-state.js';
import { retentionOfEvents } from './memory-retention.js';
import { dispatchQueries } from './query-dispatch.js';
import { surveyResultsOf, surveyStatesOf } from './memory-surveys.js';

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
  /** The current properties of the event's user: its `user_id`, else the user its device is linked to. */
  function userPropertiesOf(event: StoredEvent) {
    const user = event.user_id ?? (event.device_id === null ? undefined : state.people.linkedUser(event.project_id, event.device_id));
    return user === undefined ? {} : state.people.getUserProperties(event.project_id, user);
  }

  return dispatchQueries({
    // a query stopped by its time limit (segmentation, funnel, retention) rejects (the executor's throw), it does not throw at the caller
    segmentation: (query) => new Promise((resolve) => resolve(aggregateEvents(eventsOf(query.projectId), query, personOf, userPropertiesOf))),
    events(query) {
      const devices = new Set(query.userId === undefined ? [] : state.people.devicesOf(query.projectId, query.userId));
      return Promise.resolve(listEventsIn(eventsOf(query.projectId), query, devices));
    },
    funnel: (query) => new Promise((resolve) => resolve(funnelOfEvents(eventsOf(query.projectId), query, personOf))),
    retention: (query) => new Promise((resolve) => resolve(retentionOfEvents(eventsOf(query.projectId), query, personOf))),
    // in the promise: a refused pattern (BadRequestError) rejects it rather than throwing from run()
    heatmap: (query) => new Promise((resolve) => resolve(state.heatmaps.query(query))),
    sessionEventCounts: (query) => Promise.resolve(countSessionEvents(eventsOf(query.projectId), query)),
    surveyStates(query) {
      const devices = new Set(query.userId === undefined ? [] : state.people.devicesOf(query.projectId, query.userId));
      const isPersons = (event: StoredEvent) =>
        (query.userId !== undefined && isUsersEvent(event, query.userId, devices)) ||
        (query.deviceId !== undefined && event.user_id === null && event.device_id === query.deviceId);
      return Promise.resolve(surveyStatesOf([...eventsOf(query.projectId)].filter(isPersons)));
    },
    surveyResults: (query) => Promise.resolve(surveyResultsOf(eventsOf(query.projectId), query, personOf)),
  });
}
