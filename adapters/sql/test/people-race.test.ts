import knexLib from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqlStorage } from '@northstar/adapter-sql';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { databaseAvailable, rowTable, selectedDatabases, storedEvent, testMysqlUrl } from '@northstar/adapter-testing';
import type { MemoryStorage } from '@northstar/adapter-memory';
import type { AggregateQuery, StoragePorts, StoredEvent } from '@northstar/server';

const enabled = selectedDatabases().includes('mysql') && (await databaseAvailable('mysql'));
const name = `ns_test_${Date.now().toString(36)}_people`;
const url = new URL(name, testMysqlUrl()).href;
const PROJECT = 77;

function admin(database?: string) {
  const base = new URL(testMysqlUrl());
  const server = {
    host: base.hostname,
    port: Number(base.port || 3306),
    user: decodeURIComponent(base.username) || 'root',
    password: decodeURIComponent(base.password),
  };
  return knexLib({ client: 'mysql2', connection: database === undefined ? server : { ...server, database } });
}

/** A memory store holding exactly the SQL store's raw events and links: its answers are the truth. */
async function referenceOf(store: Pick<StoragePorts, 'queryEngine'>): Promise<MemoryStorage> {
  const memory = createMemoryStorage();
  const db = admin(name);
  try {
    const links = (await db('ns_device_links').select('device_id', 'user_id').where('project_id', PROJECT)) as { device_id: string; user_id: string }[];
    for (const link of links) await memory.people.linkDevice(PROJECT, link.device_id, link.user_id);
  } finally {
    await db.destroy();
  }
  let before: { timestamp: number; uuid: string } | undefined;
  for (;;) {
    const page = await store.queryEngine.run({ kind: 'events', projectId: PROJECT, limit: 1000, ...(before ? { before } : {}) });
    const last = page[page.length - 1];
    if (!last) break;
    await memory.eventLog.appendEvents(page);
    before = { timestamp: last.timestamp, uuid: last.uuid };
  }
  return memory;
}

async function expectRollupsExact(store: Pick<StoragePorts, 'queryEngine'>): Promise<void> {
  const reference = await referenceOf(store);
  for (const metric of ['total', 'uniq'] as const) {
    for (const interval of ['hour', 'day', 'week', 'month'] as const) {
      const query: AggregateQuery = { projectId: PROJECT, events: ['$pageview'], metric, interval, from: Date.UTC(2024, 2, 1), to: Date.UTC(2024, 3, 1) };
      expect(rowTable(await store.queryEngine.run({ ...query, kind: 'segmentation' })), `${metric} per ${interval}`).toEqual(
        rowTable(await reference.queryEngine.run({ ...query, kind: 'segmentation' })),
      );
    }
  }
}

describe.skipIf(!enabled)('deleteUser on mysql with concurrent writers', () => {
  beforeAll(async () => {
    const db = admin();
    await db.raw('CREATE DATABASE ?? CHARACTER SET utf8mb4', [name]);
    await db.destroy();
  });
  afterAll(async () => {
    const db = admin();
    await db.raw('DROP DATABASE IF EXISTS ??', [name]);
    await db.destroy();
  });

  it('keeps the rollups equal to the raw events when a user is deleted while its events and links arrive', async () => {
    const [writer, eraser] = [await createSqlStorage({ url }), await createSqlStorage({ url })];
    // 20 devices, d<k> and d<k+10> linked to u<k>; a quarter of the events carry a user id
    for (let k = 0; k < 10; k++) {
      await writer.people.linkDevice(PROJECT, `d${k}`, `u${k}`);
      await writer.people.linkDevice(PROJECT, `d${k + 10}`, `u${k}`);
    }
    const events: StoredEvent[] = Array.from({ length: 1200 }, (_, n) =>
      storedEvent(n + 1, {
        project_id: PROJECT,
        device_id: `d${n % 20}`,
        user_id: n % 4 === 0 ? `u${n % 10}` : null,
        timestamp: Date.UTC(2024, 2, 10 + (n % 3), n % 24),
      }),
    );
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    await Promise.all([
      (async () => {
        for (let i = 0; i < events.length; i += 100) await writer.eventLog.appendEvents(events.slice(i, i + 100));
      })(),
      (async () => {
        for (let round = 0; round < 4; round++) {
          await pause(15);
          await eraser.people.deleteUser(PROJECT, 'u3');
          // identified again: its devices link anew and their later anonymous events are its again
          await eraser.people.linkDevice(PROJECT, 'd3', 'u3');
          await eraser.people.linkDevice(PROJECT, 'd13', 'u3');
        }
      })(),
      (async () => {
        await pause(30);
        await eraser.people.deleteUser(PROJECT, 'u5');
      })(),
    ]);
    await expectRollupsExact(writer);
    await writer.people.deleteUser(PROJECT, 'u3');
    expect(await writer.queryEngine.run({ kind: 'events', projectId: PROJECT, userId: 'u3' })).toEqual([]);
    await expectRollupsExact(writer);
    await Promise.all([writer.dispose(), eraser.dispose()]);
  }, 120_000);
});
