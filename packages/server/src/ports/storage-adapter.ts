import type { ConfigStore } from './config-store.js';
import type { EventStore } from './event-store.js';

/** What a storage adapter factory returns (unstorage style: a plain object with a name and dispose). */
export interface StorageAdapter {
  name: string;
  events: EventStore;
  config: ConfigStore;
  /** Releases connections and timers; the adapter is unusable afterwards. */
  dispose(): Promise<void>;
}
