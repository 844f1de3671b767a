import type { StorageAdapter, StoragePorts } from '@northstar/server';
import { createMemoryConfigStore } from './memory-config-store.js';
import { clearMemoryEventState, createMemoryEventState } from './memory-event-state.js';
import { createMemoryEventLog } from './memory-event-log.js';
import { createMemoryJobQueue } from './memory-job-queue.js';
import { createMemoryPersonStore } from './memory-person-store.js';
import { createMemoryQueryEngine } from './memory-query-engine.js';
import { createMemoryRateLimitStore } from './memory-rate-limits.js';
import { createMemoryReplayStore } from './memory-replay-store.js';

/** The memory adapter: every port, each one certainly there. */
export type MemoryStorage = StorageAdapter & StoragePorts;

export interface MemoryStorageOptions {
  /** Clock for `created_at` fields, epoch ms. @default Date.now */
  now?: () => number;
}

/**
 * Every storage port in process, over one shared state (the query engine counts the event log's
 * events and resolves people through the person store's links): for tests, demos and a single
 * server process. Nothing survives a restart. Memory is the reference answer of the conformance suites.
 */
export function createMemoryStorage(options: MemoryStorageOptions = {}): MemoryStorage {
  const state = createMemoryEventState();
  const config = createMemoryConfigStore(options.now ?? Date.now);
  const jobs = createMemoryJobQueue();
  const ports = {
    eventLog: createMemoryEventLog(state),
    queryEngine: createMemoryQueryEngine(state),
    people: createMemoryPersonStore(state),
    replays: createMemoryReplayStore(state),
  };
  return {
    name: 'memory',
    ...ports,
    config,
    rateLimits: createMemoryRateLimitStore(),
    jobs,
    async dispose() {
      await jobs.dispose();
      clearMemoryEventState(state);
      config.clear();
    },
  };
}
