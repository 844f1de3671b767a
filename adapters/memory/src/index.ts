export { createMemoryStorage } from './memory-storage.js';
export type { MemoryStorageOptions } from './memory-storage.js';
export { createMemoryRateLimitStore } from './memory-rate-limits.js';
