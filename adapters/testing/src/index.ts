export { runStorageConformance } from './run-storage-conformance.js';
export type { StorageFactory } from './run-storage-conformance.js';
export { storedEvent, twoDayDataset, uuidNo, DAY1, DAY2 } from './dataset.js';
export { configStoreCases } from './config-store-cases.js';
export { rateLimitCases } from './rate-limit-cases.js';
export { selectedDatabases, createTestStorage, databaseAvailable, releaseTestDatabases, testMysqlUrl } from './databases.js';
export type { DatabaseKind } from './databases.js';
export { loadFixture, loadEvents, PROJECT, OTHER_PROJECT, FROM, TO } from './fixture.js';
export { rowTable } from './row-table.js';
