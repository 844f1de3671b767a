import type { AppendResult, StoredEvent } from './event-log.js';
import type { PeopleStore } from './people-store.js';
import type { AggregateQuery, AggregateRow } from './query-engine.js';
import type { LinkResult, UserProperties } from './person-store.js';
import type { ReplayChunk } from './replay-store.js';

/** @deprecated The single store of wave 1, being split into `EventLog`, `QueryEngine`, `PersonStore` and `ReplayStore`. */
export interface EventStore extends PeopleStore {
  /** Stores events idempotently on `(project_id, uuid)`; the first copy of an event wins. One transaction per call. */
  appendEvents(events: StoredEvent[]): Promise<AppendResult>;
  /** Counts inside the store; returns non-empty buckets only, in no particular order. */
  aggregate(query: AggregateQuery): Promise<AggregateRow[]>;
  /** One stored event, as stored (for inspection and tests); undefined when absent. */
  getEvent(projectId: number, uuid: string): Promise<StoredEvent | undefined>;
  /**
   * Links a device to a user: from now on the device's anonymous events (past and future) count as
   * that user's. A device links to one user only; a different user is a `conflict` and changes nothing.
   */
  linkDevice(projectId: number, deviceId: string, userId: string): Promise<LinkResult>;
  /** Merges `properties` into the user's (JSON merge patch: `null` deletes a key). */
  setUserProperties(projectId: number, userId: string, properties: UserProperties): Promise<void>;
  /** The user's properties; `{}` for an unknown user. */
  getUserProperties(projectId: number, userId: string): Promise<Record<string, string | number | boolean>>;
  /** Stores a replay chunk once; returns false when `(projectId, sessionId, seq)` was already stored (the first copy wins). */
  appendReplayChunk(chunk: ReplayChunk): Promise<boolean>;
  /** The chunks of a session in `seq` order. */
  listReplayChunks(projectId: number, sessionId: string): Promise<ReplayChunk[]>;
}
