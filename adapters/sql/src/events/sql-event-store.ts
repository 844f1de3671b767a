import type { Knex } from 'knex';
import type { EventStore, StoredEvent } from '@northstar/server';
import type { SqlDialect } from '../dialect.js';
import { aggregate } from './aggregate.js';
import { appendEvents } from './append-events.js';
import { deleteProjectData } from './delete-project-data.js';
import { deleteUser } from './delete-user.js';
import { fromEventRow } from './event-rows.js';
import type { EventRow } from './event-rows.js';
import { linkDevice } from './link-device.js';
import { listEvents } from './list-events.js';
import { listUsers } from './list-users.js';
import { appendReplayChunk, listReplayChunks } from './replay-chunks.js';
import { getUserProperties, setUserProperties } from './user-properties.js';

/** The EventStore port over knex (tables of migration 0001-events). */
export function createSqlEventStore(db: Knex, dialect: SqlDialect): EventStore {
  return {
    appendEvents: (events) => appendEvents(db, dialect, events),
    aggregate: (query) => aggregate(db, dialect, query),
    async getEvent(projectId: number, uuid: string): Promise<StoredEvent | undefined> {
      const row = (await db('ns_events').first('*').where({ project_id: projectId, uuid })) as EventRow | undefined;
      return row && fromEventRow(row);
    },
    linkDevice: (projectId, deviceId, userId) => linkDevice(db, dialect, projectId, deviceId, userId),
    setUserProperties: (projectId, userId, properties) => setUserProperties(db, dialect, projectId, userId, properties),
    getUserProperties: (projectId, userId) => getUserProperties(db, projectId, userId),
    appendReplayChunk: (chunk) => appendReplayChunk(db, dialect, chunk),
    listReplayChunks: (projectId, sessionId) => listReplayChunks(db, projectId, sessionId),
    listEvents: (query) => listEvents(db, dialect, query),
    listUsers: (request) => listUsers(db, request),
    deleteUser: (projectId, userId) => deleteUser(db, dialect, projectId, userId),
    deleteProjectData: (projectId) => deleteProjectData(db, dialect, projectId),
  };
}
