import type { StorageAdapter } from '@northstar/server';
import { createMemoryConfigStore } from './memory-config-store.js';
import { createMemoryEventStore } from './memory-event-store.js';
import { createMemoryRateLimitStore } from './memory-rate-limits.js';

export interface MemoryStorageOptions {
  /** Clock for `created_at` fields, epoch ms. @default Date.now */
  now?: () => number;
}

/** Both storage ports in process: for tests, demos and a single server process. Nothing survives a restart. */
export function createMemoryStorage(options: MemoryStorageOptions = {}): StorageAdapter {
  const events = createMemoryEventStore();
  const config = createMemoryConfigStore(options.now ?? Date.now);
  return {
    name: 'memory',
    events,
    config,
    rateLimits: createMemoryRateLimitStore(),
    dispose() {
      events.clear();
      config.clear();
      return Promise.resolve();
    },
  };
}
