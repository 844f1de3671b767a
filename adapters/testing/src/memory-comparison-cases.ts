import { it } from 'vitest';
import type { ConformanceContext } from './conformance-context.js';
import { portsOf } from './conformance-context.js';
import { EMPTY_PROJECT, OTHER_PROJECT, PROJECT, loadFixture } from './fixture.js';
import { expectSameAnswers } from './same-answers.js';

/**
 * Memory is the reference answer: over the same fixture, the engine under test answers the whole
 * battery of `same-answers.ts` (every metric, interval, filter and group-by, the listings) exactly as
 * memory's does. The fixture's links go to both only when the adapter has a PersonStore.
 */
export function memoryComparisonCases({ adapter, ports }: ConformanceContext): void {
  it('answers every segmentation query and listing of the battery exactly as the memory reference', async () => {
    const { createMemoryStorage } = await import('@northstar/adapter-memory');
    const storage = createMemoryStorage();
    const reference = portsOf(storage);
    const { queryEngine } = ports();
    const { people } = adapter();
    try {
      await loadFixture(adapter());
      await loadFixture({ eventLog: reference.eventLog, people: people && reference.people });
      const expected = { queryEngine: reference.queryEngine, people: people && reference.people };
      await expectSameAnswers({ queryEngine, people }, expected, [PROJECT, OTHER_PROJECT, EMPTY_PROJECT]);
    } finally {
      await storage.dispose();
    }
  });
}
