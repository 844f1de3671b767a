import type { ConfigStore } from './config-store.js';
import type { EventStore } from './event-store.js';
import type { RateLimitStore } from './rate-limit-store.js';

/** What a storage adapter factory returns (unstorage style: a plain object with a name and dispose). */
export interface StorageAdapter {
  name: string;
  events: EventStore;
  config: ConfigStore;
  /** Rate-limit counters kept where the adapter keeps its data, shared by every process using it. @default the router keeps them in process memory */
  rateLimits?: RateLimitStore;
  /** Releases connections and timers; the adapter is unusable afterwards. */
  dispose(): Promise<void>;
}
