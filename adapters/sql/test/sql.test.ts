import { afterAll, describe } from 'vitest';
import { createTestStorage, databaseAvailable, releaseTestDatabases, runStorageConformance, selectedDatabases } from '@northstar/adapter-testing';

afterAll(() => releaseTestDatabases());

for (const kind of selectedDatabases().filter((name) => name !== 'memory')) {
  const available = await databaseAvailable(kind);
  describe.skipIf(!available)(`sql storage on ${kind}`, () => {
    runStorageConformance(() => createTestStorage(kind));
  });
  // one slot of each kind: the first keys a project sends are read from their slots, every later one from
  // the events' JSON (migration 0010-event-facts), in one statement — the same answers
  describe.skipIf(!available)(`sql storage on ${kind}, one property slot of each kind`, () => {
    runStorageConformance(() => createTestStorage(kind, { propertySlots: { strings: 1, numbers: 1 } }), { ports: ['eventLog', 'queryEngine', 'people'] });
  });
}
