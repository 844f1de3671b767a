import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { DAY1, createTestStorage, databaseAvailable, releaseTestDatabases, rowTable, selectedDatabases, storedEvent } from '@northstar/adapter-testing';
import type { AggregateQuery, StoragePorts, StoredEvent } from '@northstar/server';

afterAll(() => releaseTestDatabases());

const HOUR = 3_600_000;
const NAMES = ['$pageview', 'click', 'signup'];

/** 12,000 events (more than two multi-row statements), 3 projects, 3 names, 5 days; a third anonymous. */
function bigBatch(): StoredEvent[] {
  return Array.from({ length: 12_000 }, (_, n) => {
    const person = (n * 7919) % 500;
    return storedEvent(n + 1, {
      project_id: 1 + (n % 3),
      event_name: NAMES[n % NAMES.length]!,
      user_id: person % 3 === 0 ? null : `user-${person}`,
      device_id: `device-${person}`,
      timestamp: DAY1 + ((n * 37) % (5 * 24)) * HOUR,
      str_properties: { path: `/p/${n % 13}` },
      num_properties: { n },
    });
  });
}

async function sameAnswers(store: Pick<StoragePorts, 'queryEngine'>, memory: Pick<StoragePorts, 'queryEngine'>): Promise<void> {
  for (const projectId of [1, 2, 3]) {
    for (const metric of ['total', 'uniq'] as const) {
      for (const interval of ['day', 'week'] as const) {
        const query: AggregateQuery = { projectId, events: NAMES, metric, interval, from: DAY1, to: DAY1 + 7 * 24 * HOUR };
        expect(rowTable(await store.queryEngine.run({ ...query, kind: 'segmentation' })), `project ${projectId} ${metric} per ${interval}`).toEqual(
          rowTable(await memory.queryEngine.run({ ...query, kind: 'segmentation' })),
        );
      }
    }
  }
}

for (const kind of selectedDatabases().filter((name) => name !== 'memory')) {
  const available = await databaseAvailable(kind);
  // 12,000 events twice and a fresh migrated database: seconds on 2 shared cores under load, far from the default 5 s limit
  describe.skipIf(!available)(`bulk appendEvents on ${kind}`, () => {
    it('stores a batch larger than one statement once, with repeats and rows stored before, and keeps the rollups exact', async () => {
      const store = await createTestStorage(kind);
      const memory = createMemoryStorage();
      try {
        const events = bigBatch();
        const before = events.filter((_, n) => n % 7 === 0);
        const links = [
          ['device-3', 'user-4'],
          ['device-9', 'user-9'],
        ] as const;
        for (const target of [store, memory]) {
          expect(await target.eventLog.appendEvents(before)).toEqual({ inserted: before.length, duplicates: 0 });
          for (const [device, user] of links) await target.people.linkDevice(1, device, user);
        }
        const batch = [...events, ...events.slice(100, 2_100)];
        const expected = { inserted: events.length - before.length, duplicates: before.length + 2_000 };
        expect(await store.eventLog.appendEvents(batch)).toEqual(expected);
        expect(await memory.eventLog.appendEvents(batch)).toEqual(expected);
        await sameAnswers(store, memory);
        expect(await store.eventLog.getEvent(2, events[4]!.uuid)).toEqual(events[4]);
      } finally {
        await store.dispose();
      }
    }, 60_000);

    it('splits a batch of large events by size and round-trips their quotes, backslashes and non-ASCII text', async () => {
      const store = await createTestStorage(kind);
      try {
        const text = `it's "quoted" \\ back\nslashed é ☕ 🎉 ${'x'.repeat(7_900)}`;
        const events = Array.from({ length: 120 }, (_, n) =>
          storedEvent(n + 1, { user_id: `u${n % 10}`, str_properties: Object.fromEntries(Array.from({ length: 5 }, (__, k) => [`k${k}`, text])) }),
        );
        expect(await store.eventLog.appendEvents(events)).toEqual({ inserted: 120, duplicates: 0 });
        expect(await store.eventLog.getEvent(1, events[119]!.uuid)).toEqual(events[119]);
        const day = { projectId: 1, events: ['$pageview'], interval: 'day' as const, from: DAY1, to: DAY1 + 24 * HOUR };
        expect(await store.queryEngine.run({ kind: 'segmentation', ...day, metric: 'total' })).toEqual([
          { event: '$pageview', bucket: '2024-03-10', value: 120 },
        ]);
        expect(await store.queryEngine.run({ kind: 'segmentation', ...day, metric: 'uniq' })).toEqual([
          { event: '$pageview', bucket: '2024-03-10', value: 10 },
        ]);
      } finally {
        await store.dispose();
      }
    }, 60_000);
  });
}
