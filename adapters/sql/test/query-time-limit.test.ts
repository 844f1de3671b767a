import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSqlStorage } from '@northstar/adapter-sql';
import type { SqlStorage } from '@northstar/adapter-sql';
import { databaseAvailable, mysqlAdminQuery, selectedDatabases, storedEvent } from '@northstar/adapter-testing';
import type { EngineQuery } from '@northstar/server';
import { createMysqlDatabase } from './support/test-databases.js';
import type { TestDatabase } from './support/test-databases.js';

const enabled = selectedDatabases().includes('mysql') && (await databaseAvailable('mysql'));
let database: TestDatabase;
let storage: SqlStorage;

const hourly: EngineQuery & { kind: 'segmentation' } = {
  kind: 'segmentation',
  projectId: 1,
  events: ['$pageview'],
  metric: 'total',
  interval: 'hour',
  from: Date.UTC(2024, 2, 10),
  to: Date.UTC(2024, 2, 11),
};

/** The statements on the test database other than the admin's own, as the server lists them. */
async function runningOn(name: string): Promise<string[]> {
  const rows = await mysqlAdminQuery<{ INFO: string | null }[]>('SELECT INFO FROM information_schema.PROCESSLIST WHERE DB = ? AND COMMAND = ?', [
    name,
    'Query',
  ]);
  return rows.map((row) => row.INFO ?? '').filter((info) => info.includes('ns_events') && !info.includes('PROCESSLIST'));
}

describe.skipIf(!enabled)('the query time limit on mysql', () => {
  beforeAll(async () => {
    database = await createMysqlDatabase('qlimit');
    storage = await createSqlStorage({ url: database.url });
    await storage.eventLog.appendEvents([storedEvent(1), storedEvent(2)]);
  });
  afterAll(async () => {
    await storage.dispose();
    await database.drop();
  });

  /**
   * Runs `query` with a 300 ms limit while another connection holds a write lock on the tables it reads (it
   * waits for the lock, however fast the machine): it must reject with a 503 and leave no statement running.
   */
  async function expectStoppedUnderLock(query: EngineQuery): Promise<void> {
    const name = new URL(database.url).pathname.slice(1);
    const mysql = await import('mysql2/promise');
    const locker = await mysql.createConnection({ uri: database.url });
    try {
      await locker.query('LOCK TABLES ns_events WRITE, ns_person_days WRITE');
      const stopped = await storage.queryEngine.run({ ...query, timeoutMs: 300 }).catch((error: unknown) => error);
      expect(stopped).toMatchObject({ name: 'ServiceUnavailableError', status: 503, message: expect.stringContaining('ran longer than 300 ms') });
      // KILL QUERY is asynchronous: on a loaded server the killed statement may linger in the list for a moment
      await vi.waitFor(async () => expect(await runningOn(name)).toEqual([]), { timeout: 10_000, interval: 50 });
    } finally {
      await locker.query('UNLOCK TABLES');
      await locker.end();
    }
  }

  it('kills a statement that outlives timeoutMs and rejects with a 503, the pool still usable', async () => {
    await expectStoppedUnderLock(hourly);
    expect(await storage.queryEngine.run({ ...hourly, timeoutMs: 30_000 })).toEqual([{ event: '$pageview', bucket: '2024-03-10T01:00:00+00:00', value: 2 }]);
  });

  it.each([
    [
      'a funnel',
      { kind: 'funnel', projectId: 1, steps: [{ event: '$pageview' }, { event: '$pageview' }], from: hourly.from, to: hourly.to, windowMs: 3_600_000 },
    ],
    [
      'a retention query',
      {
        kind: 'retention',
        projectId: 1,
        start: { event: '$pageview' },
        return: { event: '$pageview' },
        period: 'day',
        periods: 2,
        from: hourly.from,
        to: hourly.to,
        timeZone: 'Europe/Berlin',
      },
    ],
  ] as [string, EngineQuery][])('kills %s past its timeoutMs, every statement of it (it runs several at once)', async (_name, query) => {
    await expectStoppedUnderLock(query);
    await expect(storage.queryEngine.run({ ...query, timeoutMs: 30_000 })).resolves.toBeDefined();
  });
});
