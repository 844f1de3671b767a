import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSqlStorage } from '@northstar/adapter-sql';
import type { SqlStorage } from '@northstar/adapter-sql';
import { DAY1, DAY2, databaseAvailable, mysqlAdminQuery, rowTable, selectedDatabases, storedEvent, twoDayDataset } from '@northstar/adapter-testing';
import type { DatabaseKind } from '@northstar/adapter-testing';
import type { EngineQuery } from '@northstar/server';
import { createMysqlDatabase, createSqliteDatabase } from './support/test-databases.js';
import type { TestDatabase } from './support/test-databases.js';

const totalPerDay: EngineQuery & { kind: 'segmentation' } = {
  kind: 'segmentation',
  projectId: 1,
  events: ['$pageview'],
  metric: 'total',
  interval: 'day',
  from: DAY1,
  to: DAY2 + 86_400_000,
};

/** Adds 100 to every stored daily total behind the adapter's back: no data version moves, so only an answer computed anew sees it. */
async function addBehindTheAdapter(kind: DatabaseKind, url: string): Promise<void> {
  if (kind === 'mysql') {
    await mysqlAdminQuery('UPDATE ??.ns_daily_counts SET total = total + 100', [new URL(url).pathname.slice(1)]);
    return;
  }
  const { default: knex } = await import('knex');
  const file = knex({ client: 'better-sqlite3', connection: { filename: url.slice('sqlite:'.length) }, useNullAsDefault: true });
  try {
    await file.raw('UPDATE ns_daily_counts SET total = total + 100');
  } finally {
    await file.destroy();
  }
}

for (const kind of selectedDatabases().filter((name) => name !== 'memory')) {
  const available = await databaseAvailable(kind);
  // each test migrates a database of its own: seconds on a loaded machine
  describe.skipIf(!available)(`the result cache on ${kind}`, { timeout: 60_000 }, () => {
    let database: TestDatabase;
    const opened: SqlStorage[] = [];
    // every answer stored, however fast: the test's queries take a millisecond
    const open = async (queryCacheTtlMs?: number) => {
      const storage = await createSqlStorage({ url: database.url, queryCacheMinComputeMs: 0, ...(queryCacheTtlMs === undefined ? {} : { queryCacheTtlMs }) });
      opened.push(storage);
      return storage;
    };
    beforeEach(async () => {
      database = kind === 'mysql' ? await createMysqlDatabase('qcache') : await createSqliteDatabase();
    }, 60_000);
    afterEach(async () => {
      for (const storage of opened.splice(0)) await storage.dispose();
      await database.drop();
    }, 60_000);

    it('serves a repeated query from the cache until a write through the adapter moves the data version', async () => {
      const storage = await open();
      await storage.eventLog.appendEvents(twoDayDataset(1));
      expect(rowTable(await storage.queryEngine.run(totalPerDay))).toEqual({ '$pageview 2024-03-10': 4, '$pageview 2024-03-11': 1 });

      await addBehindTheAdapter(kind, database.url);
      // the same question (its time limit aside) is answered from the cache: the change made behind the adapter is not seen
      expect(rowTable(await storage.queryEngine.run({ ...totalPerDay, timeoutMs: 5_000 }))).toEqual({ '$pageview 2024-03-10': 4, '$pageview 2024-03-11': 1 });
      // a cache of another process on the database answers the same
      expect(rowTable(await (await open()).queryEngine.run(totalPerDay))).toEqual({ '$pageview 2024-03-10': 4, '$pageview 2024-03-11': 1 });

      await storage.eventLog.appendEvents([storedEvent(9, { user_id: 'u9', timestamp: DAY1 + 1 })]);
      expect(rowTable(await storage.queryEngine.run(totalPerDay))).toEqual({ '$pageview 2024-03-10': 105, '$pageview 2024-03-11': 101 });
    });

    it('answers anew after a device link, user properties, a user deletion and a project deletion', async () => {
      const storage = await open();
      const { eventLog, people, queryEngine } = storage;
      const uniq = { ...totalPerDay, metric: 'uniq' as const };
      const pro = { ...totalPerDay, userFilters: [{ property: 'plan', op: 'eq' as const, value: 'pro' }] };
      await eventLog.appendEvents(twoDayDataset(1));
      expect(rowTable(await queryEngine.run(uniq))).toEqual({ '$pageview 2024-03-10': 3, '$pageview 2024-03-11': 1 });
      expect(rowTable(await queryEngine.run(pro))).toEqual({});

      await people.linkDevice(1, 'd9', 'u2');
      expect(rowTable(await queryEngine.run(uniq))).toEqual({ '$pageview 2024-03-10': 2, '$pageview 2024-03-11': 1 });
      await people.setUserProperties(1, 'u2', { plan: 'pro' });
      expect(rowTable(await queryEngine.run(pro))).toEqual({ '$pageview 2024-03-10': 2 });
      await people.deleteUser(1, 'u2');
      expect(rowTable(await queryEngine.run(uniq))).toEqual({ '$pageview 2024-03-10': 1, '$pageview 2024-03-11': 1 });
      expect(rowTable(await queryEngine.run(pro))).toEqual({});
      await eventLog.deleteProject(1);
      expect(rowTable(await queryEngine.run(uniq))).toEqual({});
    });

    it('computes every answer anew with queryCacheTtlMs 0', async () => {
      const storage = await open(0);
      await storage.eventLog.appendEvents(twoDayDataset(1));
      expect(rowTable(await storage.queryEngine.run(totalPerDay))).toEqual({ '$pageview 2024-03-10': 4, '$pageview 2024-03-11': 1 });
      await addBehindTheAdapter(kind, database.url);
      expect(rowTable(await storage.queryEngine.run(totalPerDay))).toEqual({ '$pageview 2024-03-10': 104, '$pageview 2024-03-11': 101 });
    });

    it('forgets an answer once its time to live has passed', async () => {
      const storage = await open(200);
      await storage.eventLog.appendEvents(twoDayDataset(1));
      expect(rowTable(await storage.queryEngine.run(totalPerDay))).toEqual({ '$pageview 2024-03-10': 4, '$pageview 2024-03-11': 1 });
      await addBehindTheAdapter(kind, database.url);
      await vi.waitFor(
        async () => expect(rowTable(await storage.queryEngine.run(totalPerDay))).toEqual({ '$pageview 2024-03-10': 104, '$pageview 2024-03-11': 101 }),
        {
          timeout: 20_000,
          interval: 100,
        },
      );
    });
  });
}
