import { afterAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createSqlStorage } from '@northstar/adapter-sql';
import type { SqlStorage } from '@northstar/adapter-sql';
import { DAY1, databaseAvailable, selectedDatabases, storedEvent } from '@northstar/adapter-testing';
import type { StoredEvent } from '@northstar/server';
import { openKnex } from '../src/sql-storage.js';
import { createMysqlDatabase, createSqliteDatabase } from './support/test-databases.js';

const HOUR = 3_600_000;
let next = 1;

/** One event of each user, an hour apart, with fresh uuids. */
const eventsOf = (projectId: number, users: readonly string[]): StoredEvent[] =>
  users.map((user, i) => storedEvent(next++, { project_id: projectId, user_id: user, device_id: `device-${user}`, timestamp: DAY1 + i * HOUR }));

async function userIds(storage: SqlStorage, projectId: number): Promise<string[]> {
  return (await storage.people.listUsers({ projectId, limit: 1000 })).items.map((user) => user.user_id);
}

/** The SQL statements `db` sends while `run` runs. */
async function statementsDuring(db: Knex, run: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const listen = (query: { sql: string }) => sent.push(query.sql);
  db.on('query', listen);
  try {
    await run();
  } finally {
    db.off('query', listen);
  }
  return sent;
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

for (const kind of selectedDatabases().filter((name) => name !== 'memory')) {
  const available = await databaseAvailable(kind);
  describe.skipIf(!available)(`the user registry on ${kind}`, { timeout: 60_000 }, () => {
    /** Two storages on one database, as two processes have: each its own pool and what it remembers. */
    const opened = (async () => {
      const database = kind === 'mysql' ? await createMysqlDatabase('users') : await createSqliteDatabase();
      cleanups.push(database.drop);
      const [one, other] = [await openKnex({ url: database.url }), await openKnex({ url: database.url })];
      cleanups.unshift(
        () => one.db.destroy(),
        () => other.db.destroy(),
      );
      return { db: one.db, storage: await createSqlStorage({ knex: one.db }), otherStorage: await createSqlStorage({ knex: other.db }) };
    })();

    it('writes no registry row for users this process saw registered', async () => {
      const { db, storage } = await opened;
      await storage.eventLog.appendEvents(eventsOf(1, ['ann', 'bob']));
      const again = await statementsDuring(db, () => storage.eventLog.appendEvents(eventsOf(1, ['ann', 'bob'])));
      expect(again.some((sql) => sql.includes('ns_users'))).toBe(false);
      const mixed = await statementsDuring(db, () => storage.eventLog.appendEvents(eventsOf(1, ['bob', 'cyd'])));
      expect(mixed.filter((sql) => sql.includes('ns_users'))).toHaveLength(1);
      expect(await userIds(storage, 1)).toEqual(['ann', 'bob', 'cyd']);
    });

    it('registers again a user that another process deleted, at its next event', async () => {
      const { storage, otherStorage } = await opened;
      await storage.eventLog.appendEvents(eventsOf(2, ['dee', 'eve']));
      await otherStorage.people.deleteUser(2, 'dee');
      expect(await userIds(storage, 2)).toEqual(['eve']);
      await storage.eventLog.appendEvents(eventsOf(2, ['dee']));
      expect(await userIds(otherStorage, 2)).toEqual(['dee', 'eve']);
    });

    it('registers again the users of a project whose data another process deleted', async () => {
      const { storage, otherStorage } = await opened;
      await storage.eventLog.appendEvents(eventsOf(3, ['fay', 'gus']));
      await otherStorage.eventLog.deleteProject(3);
      await otherStorage.people.deleteProject(3);
      expect(await userIds(storage, 3)).toEqual([]);
      await storage.eventLog.appendEvents(eventsOf(3, ['gus']));
      expect(await userIds(storage, 3)).toEqual(['gus']);
    });

    it('keeps what it remembers apart per project', async () => {
      const { storage } = await opened;
      await storage.eventLog.appendEvents(eventsOf(4, ['hal']));
      await storage.eventLog.appendEvents(eventsOf(5, ['hal']));
      expect(await userIds(storage, 5)).toEqual(['hal']);
    });
  });
}
