import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import knex from 'knex';
import type { Knex } from 'knex';
import { createSqlRateLimitStore, createSqlStorage } from '@northstar/adapter-sql';
import { databaseAvailable, selectedDatabases, testMysqlUrl } from '@northstar/adapter-testing';
import type { RateLimitStore, StorageAdapter } from '@northstar/server';

const rule = { limit: 12, windowSeconds: 60 };
const allowedOf = (decisions: { allowed: boolean }[]) => decisions.filter((d) => d.allowed).length;
const limiterOf = (storage: StorageAdapter): RateLimitStore => {
  if (!storage.rateLimits) throw new Error('no rateLimits');
  return storage.rateLimits;
};

/** Two storages (two pools) on one database, as two server processes would have. */
function sharedBudgetCases(open: () => Promise<[StorageAdapter, StorageAdapter]>): void {
  let pair: StorageAdapter[] = [];
  afterEach(async () => {
    for (const storage of pair) await storage.dispose();
    pair = [];
  });

  it('enforces one budget across both handles, taking turns', async () => {
    pair = await open();
    const [a, b] = pair.map(limiterOf);
    const decisions = [];
    for (let i = 0; i < 10; i += 1) decisions.push(await a!.consume('track:p1', rule), await b!.consume('track:p1', rule));
    expect(allowedOf(decisions)).toBe(12);
    expect(decisions.slice(12).every((d) => !d.allowed)).toBe(true);
  });

  it('enforces one budget across both handles under concurrent load', async () => {
    pair = await open();
    const [a, b] = pair.map(limiterOf);
    const decisions = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? a! : b!).consume('burst', rule)));
    expect(allowedOf(decisions)).toBe(12);
  });
}

describe('sql rate limits on one SQLite file', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ns-rate-limits-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  describe('two handles', () => {
    sharedBudgetCases(async () => {
      const url = `sqlite:${join(dir, 'data.db')}`;
      return [await createSqlStorage({ url }), await createSqlStorage({ url })];
    });
  });

  it('keeps limiting in process memory when the table is unreachable (not migrated)', async () => {
    const storage = await createSqlStorage({ url: `sqlite:${join(dir, 'bare.db')}`, migrate: false });
    try {
      const decisions = [];
      for (let i = 0; i < 5; i += 1) decisions.push(await limiterOf(storage).consume('k', { limit: 3, windowSeconds: 60 }));
      expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false, false]);
    } finally {
      await storage.dispose();
    }
  });

  it('deletes windows that ended over an hour ago, and only those', async () => {
    const db: Knex = knex({ client: 'better-sqlite3', connection: { filename: join(dir, 'cleanup.db') }, useNullAsDefault: true });
    const storage = await createSqlStorage({ knex: db });
    const store = createSqlRateLimitStore(db, 'sqlite', { cleanupEveryMs: 20 });
    try {
      const now = Date.now();
      await db('ns_rate_limits').insert([
        { key: 'w60:old', points: 1, expire: now - 2 * 3_600_000 },
        { key: 'w60:recent', points: 1, expire: now - 60_000 },
      ]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await db('ns_rate_limits').select('key')).map((row: { key: string }) => row.key)).toEqual(['w60:recent']);
    } finally {
      await store.dispose?.();
      await storage.dispose();
      await db.destroy();
    }
  });
});

const mysqlWanted = selectedDatabases().includes('mysql');
const mysqlUp = mysqlWanted && (await databaseAvailable('mysql'));

describe.runIf(mysqlUp)('sql rate limits on one MySQL database, two pools', () => {
  const name = `ns_test_${Date.now().toString(36)}_rl`;
  const url = new URL(name, testMysqlUrl()).href;
  const admin = async (sql: string) => {
    const mysql = await import('mysql2/promise');
    const connection = await mysql.createConnection({ uri: testMysqlUrl() });
    try {
      await connection.query(sql);
    } finally {
      await connection.end();
    }
  };
  afterAll(() => admin(`DROP DATABASE IF EXISTS \`${name}\``));

  sharedBudgetCases(async () => {
    await admin(`CREATE DATABASE IF NOT EXISTS \`${name}\` CHARACTER SET utf8mb4`);
    const pair: [StorageAdapter, StorageAdapter] = [await createSqlStorage({ url }), await createSqlStorage({ url })];
    await admin(`DELETE FROM \`${name}\`.ns_rate_limits`);
    return pair;
  });
});
