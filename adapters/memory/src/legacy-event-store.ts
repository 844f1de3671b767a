import type { EventLog, EventStore, PersonStore, QueryEngine, ReplayStore } from '@northstar/server';

/** The ports the wave-1 `EventStore` is assembled from. */
export interface LegacyEventStorePorts {
  eventLog: EventLog;
  queryEngine: QueryEngine;
  people: PersonStore;
  replays: ReplayStore;
}

/**
 * Wave 1's single `EventStore`, delegating every method to the port that now owns it (no second
 * implementation). Goes away with the `events` property once the server uses the ports.
 */
export function legacyEventStore({ eventLog, queryEngine, people, replays }: LegacyEventStorePorts): EventStore {
  return {
    appendEvents: (events) => eventLog.appendEvents(events),
    getEvent: (projectId, uuid) => eventLog.getEvent(projectId, uuid),
    aggregate: (query) => queryEngine.run({ ...query, kind: 'segmentation' }),
    listEvents: (query) => queryEngine.run({ ...query, kind: 'events' }),
    linkDevice: (projectId, deviceId, userId) => people.linkDevice(projectId, deviceId, userId),
    setUserProperties: (projectId, userId, properties) => people.setUserProperties(projectId, userId, properties),
    getUserProperties: (projectId, userId) => people.getUserProperties(projectId, userId),
    listUsers: (request) => people.listUsers(request),
    deleteUser: (projectId, userId) => people.deleteUser(projectId, userId),
    async deleteProjectData(projectId) {
      const deleted = await eventLog.deleteProject(projectId);
      await people.deleteProject(projectId);
      await replays.deleteProject(projectId);
      return deleted;
    },
    appendReplayChunk: (chunk) => replays.appendReplayChunk(chunk),
    listReplayChunks: (projectId, sessionId) => replays.listReplayChunks(projectId, sessionId),
  };
}
