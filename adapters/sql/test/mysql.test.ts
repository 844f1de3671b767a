import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqlStorage, migrateSql } from '@northstar/adapter-sql';
import type { SqlStorage } from '@northstar/adapter-sql';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { databaseAvailable, rowTable, selectedDatabases, storedEvent } from '@northstar/adapter-testing';
import type { AggregateQuery, StoredEvent } from '@northstar/server';
import { MIGRATIONS } from '../src/migrations/index.js';
import { createMysqlDatabase } from './support/test-databases.js';
import type { TestDatabase } from './support/test-databases.js';

const enabled = selectedDatabases().includes('mysql') && (await databaseAvailable('mysql'));
let database: TestDatabase;

// every migration on a fresh database: over 5 s on 2 shared cores under load
describe.skipIf(!enabled)('sql storage on mysql only', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    database = await createMysqlDatabase('conc');
  });
  afterAll(() => database.drop());

  it('runs migrations once: a second run applies nothing', async () => {
    expect(await migrateSql({ url: database.url })).toEqual(MIGRATIONS.map((migration) => migration.name));
    expect(await migrateSql({ url: database.url })).toEqual([]);
  });

  it('keeps the rollups exact under two writers racing with overlapping batches and links', async () => {
    const writers: SqlStorage[] = [await createSqlStorage({ url: database.url }), await createSqlStorage({ url: database.url })];
    const memory = createMemoryStorage();
    // 40 people (devices d0..d39; even ones identify as u<n/2>), 600 events over 3 days, each batch sent by both writers.
    const events: StoredEvent[] = Array.from({ length: 600 }, (_, n) =>
      storedEvent(n + 1, {
        project_id: 77,
        device_id: `d${n % 40}`,
        user_id: n % 7 === 0 ? `u${n % 20}` : null,
        timestamp: Date.UTC(2024, 2, 10 + (n % 3), n % 24),
      }),
    );
    const batches = Array.from({ length: 12 }, (_, i) => events.slice(i * 50, i * 50 + 80));
    const links = Array.from({ length: 20 }, (_, n) => [`d${n * 2}`, `u${n}`] as const);
    await Promise.all([
      ...batches.flatMap((batch) => writers.map((writer) => writer.eventLog.appendEvents(batch))),
      ...links.map(([device, user], i) => writers[i % 2]!.people.linkDevice(77, device, user)),
    ]);
    for (const batch of batches) await memory.eventLog.appendEvents(batch);
    for (const [device, user] of links) await memory.people.linkDevice(77, device, user);

    for (const metric of ['total', 'uniq'] as const) {
      for (const interval of ['day', 'week', 'hour'] as const) {
        const query: AggregateQuery = { projectId: 77, events: ['$pageview'], metric, interval, from: Date.UTC(2024, 2, 1), to: Date.UTC(2024, 3, 1) };
        expect(rowTable(await writers[0]!.queryEngine.run({ ...query, kind: 'segmentation' })), `${metric} per ${interval}`).toEqual(
          rowTable(await memory.queryEngine.run({ ...query, kind: 'segmentation' })),
        );
      }
    }
    await Promise.all(writers.map((writer) => writer.dispose()));
  });
});
