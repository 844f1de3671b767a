import type { ConfigStore } from './config-store.js';
import type { EventLog } from './event-log.js';
import type { JobQueue } from './job-queue.js';
import type { PersonStore } from './person-store.js';
import type { QueryEngine } from './query-engine.js';
import type { RateLimitStore } from './rate-limit-store.js';
import type { ReplayStore } from './replay-store.js';

/**
 * The ports an adapter can provide, one per concern. An adapter provides any subset; ports of one
 * adapter share its data (its query engine sees its event log and its person store's links).
 */
export interface StoragePorts {
  eventLog: EventLog;
  queryEngine: QueryEngine;
  people: PersonStore;
  replays: ReplayStore;
  config: ConfigStore;
  /** Rate-limit counters kept where the adapter keeps its data, shared by every process using it. @default the router keeps them in process memory */
  rateLimits: RateLimitStore;
  jobs: JobQueue;
}

export type PortName = keyof StoragePorts;

/** Ports holding personal data that a GDPR deletion must reach when they are not the `PersonStore`'s adapter's. */
export type DetachablePort = 'eventLog' | 'replays';

/** What a storage adapter factory returns (unstorage style: a plain object with a name and dispose). */
export interface StorageAdapter extends Partial<StoragePorts> {
  name: string;
  config: ConfigStore;
  /**
   * Ports whose data lives in another adapter than `people`'s (`composeStorage` sets it): a GDPR deletion
   * reads the person's `linkedDevices`, runs `people.deleteUser`, then erases the person from each of
   * these with `eventLog.deletePersonEvents` / `replays.deletePersonSessions`.
   * @default [] (one adapter: `people.deleteUser` alone erases the person everywhere, atomically)
   */
  detachedFromPeople?: readonly DetachablePort[];
  /** Releases connections and timers; the adapter is unusable afterwards. */
  dispose(): Promise<void>;
}
