import type { Knex } from 'knex';
import type { PersonStore } from '@northstar/server';
import type { SqlDialect } from './dialects/sql-dialect.js';
import { bumpDataVersion } from './events/data-version.js';
import { deleteProjectRows } from './events/delete-project-data.js';
import { deleteUser } from './events/delete-user.js';
import { linkDevice } from './events/link-device.js';
import { listUsers } from './events/list-users.js';
import { linkedDevices } from './events/user-events.js';
import { getUserProperties, setUserProperties } from './events/user-properties.js';

/** The people tables of a project (migration 0001). */
const PEOPLE_TABLES = ['ns_device_links', 'ns_user_properties'] as const;

/**
 * The PersonStore port over knex. `deleteUser` is one transaction over every table of the adapter
 * (events, rollups, replays, links, properties), which is what keeps GDPR deletion exact under
 * concurrent writes (see `events/delete-user.ts`).
 */
export function createSqlPersonStore(db: Knex, dialect: SqlDialect): PersonStore {
  return {
    linkDevice: (projectId, deviceId, userId) => linkDevice(db, dialect, projectId, deviceId, userId),
    async linkedDevices(projectId, userId) {
      const rows = (await linkedDevices(db, projectId, userId).orderBy('device_id')) as { device_id: string }[];
      return rows.map((row) => row.device_id);
    },
    setUserProperties: (projectId, userId, properties) => setUserProperties(db, dialect, projectId, userId, properties),
    getUserProperties: (projectId, userId) => getUserProperties(db, projectId, userId),
    listUsers: (request) => listUsers(db, request),
    deleteUser: (projectId, userId) => deleteUser(db, dialect, projectId, userId),
    async deleteProject(projectId) {
      await deleteProjectRows(db, dialect, projectId, PEOPLE_TABLES);
      await bumpDataVersion(db, dialect, [projectId]);
    },
  };
}
