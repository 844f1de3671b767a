export { runStorageConformance } from './run-storage-conformance.js';
export type { StorageFactory } from './run-storage-conformance.js';
export { storedEvent, twoDayDataset, uuidNo, DAY1, DAY2 } from './dataset.js';
