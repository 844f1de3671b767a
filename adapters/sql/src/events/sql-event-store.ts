import type { Knex } from 'knex';
import type { EventStore } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { createSqlEventLog } from '../sql-event-log.js';
import { createSqlPersonStore } from '../sql-person-store.js';
import { createSqlQueryEngine } from '../sql-query-engine.js';
import { createSqlReplayStore } from '../sql-replay-store.js';

/** The ports the wave-1 `EventStore` is assembled from. */
export interface SqlEventPorts {
  eventLog: ReturnType<typeof createSqlEventLog>;
  queryEngine: ReturnType<typeof createSqlQueryEngine>;
  people: ReturnType<typeof createSqlPersonStore>;
  replays: ReturnType<typeof createSqlReplayStore>;
}

/** The four event-side ports over one knex pool. */
export function createSqlEventPorts(db: Knex, dialect: SqlDialect): SqlEventPorts {
  return {
    eventLog: createSqlEventLog(db, dialect),
    queryEngine: createSqlQueryEngine(db, dialect),
    people: createSqlPersonStore(db, dialect),
    replays: createSqlReplayStore(db, dialect),
  };
}

/**
 * @deprecated Wave 1's single `EventStore`, delegating every method to the port that now owns it
 * (no second implementation). Goes away with `StorageAdapter.events` once the server uses the ports.
 */
export function legacySqlEventStore({ eventLog, queryEngine, people, replays }: SqlEventPorts): EventStore {
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

/** @deprecated The wave-1 `EventStore` over knex; use the ports of `createSqlStorage` (or their factories). */
export function createSqlEventStore(db: Knex, dialect: SqlDialect): EventStore {
  return legacySqlEventStore(createSqlEventPorts(db, dialect));
}
