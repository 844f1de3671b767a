import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import knex from 'knex';
import { createSqlStorage, migrateSql } from '@northstar/adapter-sql';
import { FROM, PROJECT, TO, loadFixture, rowTable } from '@northstar/adapter-testing';
import { MIGRATIONS } from '../src/migrations/index.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ns-sqlite-file-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('sqlite file', () => {
  it('keeps events, rollups and links across closing and reopening, and creates missing directories', async () => {
    const url = `sqlite:${join(dir, 'nested', 'deeper', 'data.db')}`;
    const first = await createSqlStorage({ url });
    await loadFixture(first);
    const query = { projectId: PROJECT, events: ['view'], metric: 'uniq' as const, interval: 'day' as const, from: FROM, to: TO };
    const before = rowTable(await first.queryEngine.run({ ...query, kind: 'segmentation' }));
    await first.dispose();

    const second = await createSqlStorage({ url });
    expect(rowTable(await second.queryEngine.run({ ...query, kind: 'segmentation' }))).toEqual(before);
    expect(await second.people.linkDevice(PROJECT, 'dev-a1', 'alice')).toBe('unchanged');
    await second.dispose();
  });

  it('runs migrations once: a second run applies nothing and keeps the data', async () => {
    const url = `sqlite:${join(dir, 'data.db')}`;
    expect(await migrateSql({ url })).toEqual(MIGRATIONS.map((migration) => migration.name));
    expect(await migrateSql({ url })).toEqual([]);
    const storage = await createSqlStorage({ url });
    await loadFixture(storage);
    await storage.dispose();
    expect(await migrateSql({ url })).toEqual([]);
    const again = await createSqlStorage({ url });
    expect(await again.people.getUserProperties(PROJECT, 'nobody')).toEqual({});
    expect(
      (await again.queryEngine.run({ kind: 'segmentation', projectId: PROJECT, events: ['view'], metric: 'total', interval: 'month', from: FROM, to: TO }))
        .length,
    ).toBe(2);
    await again.dispose();
  });

  it('works without migrating when asked not to, on a migrated database', async () => {
    const url = `sqlite:${join(dir, 'data.db')}`;
    await migrateSql({ url });
    const storage = await createSqlStorage({ url, migrate: false });
    expect(storage.name).toBe('sql:sqlite');
    await storage.dispose();
  });

  it('adopts a knex instance the caller made and leaves it open on dispose', async () => {
    const db = knex({ client: 'better-sqlite3', connection: { filename: join(dir, 'own.db') }, useNullAsDefault: true });
    const storage = await createSqlStorage({ knex: db });
    await loadFixture(storage);
    await storage.dispose();
    expect(await db('ns_events').count({ n: '*' })).toEqual([{ n: 20 }]);
    await db.destroy();
  });
});
