import { afterAll, describe } from 'vitest';
import { createTestStorage, databaseAvailable, releaseTestDatabases, runStorageConformance, selectedDatabases } from '@northstar/adapter-testing';

afterAll(() => releaseTestDatabases());

for (const kind of selectedDatabases().filter((name) => name !== 'memory')) {
  const available = await databaseAvailable(kind);
  describe.skipIf(!available)(`sql storage on ${kind}`, () => {
    runStorageConformance(() => createTestStorage(kind));
  });
}
