import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { createTestStorage, databaseAvailable, heatmapEvent, heatmapQuery, releaseTestDatabases, selectedDatabases } from '@northstar/adapter-testing';
import { BadRequestError } from '@northstar/core';
import type { StoragePorts } from '@northstar/server';

afterAll(() => releaseTestDatabases());

/** One click on each of the pages `/p/1` … `/p/20001`, in batches of 5,000 (many multi-row upserts each). */
async function manyPages(store: Pick<StoragePorts, 'eventLog'>): Promise<void> {
  const events = Array.from({ length: 20_001 }, (_, i) => heatmapEvent({ n: i + 1, path: `/p/${i + 1}`, payload: { v: 1, c: [['#a', 0.5, 0.5]], s: 1 } }));
  for (let i = 0; i < events.length; i += 5_000) await store.eventLog.appendEvents(events.slice(i, i + 5_000));
}

for (const kind of selectedDatabases().filter((name) => name !== 'memory')) {
  const available = await databaseAvailable(kind);
  describe.skipIf(!available)(`heatmaps of many pages on ${kind}`, () => {
    it('reads a pattern matching 11,111 pages as memory does, and refuses one matching more than 20,000 with a 400 error', async () => {
      const store = await createTestStorage(kind);
      const memory = createMemoryStorage();
      try {
        await manyPages(store);
        await manyPages(memory);
        // '/p/1*': 1, 10–19, 100–199, 1000–1999, 10000–19999
        const query = heatmapQuery('/p/1*');
        const answer = await store.queryEngine.run(query);
        expect([answer.totalClicks, answer.scrollReached[20]]).toEqual([11_111, 11_111]);
        expect(answer).toEqual(await memory.queryEngine.run(query));

        const refused = store.queryEngine.run(heatmapQuery('/p/*'));
        await expect(refused).rejects.toBeInstanceOf(BadRequestError);
        await expect(refused).rejects.toThrow('url matches 20001 pages, more than 20000: narrow the pattern or the date range');
        await expect(memory.queryEngine.run(heatmapQuery('/p/*'))).rejects.toThrow('url matches 20001 pages');
      } finally {
        await store.dispose();
        await memory.dispose();
      }
    }, 120_000);
  });
}
