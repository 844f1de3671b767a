import type { PeopleStore } from './people-store.js';

/** One event as the server hands it to storage: validated, normalised, owned by a project. */
export interface StoredEvent {
  /** Lower-case UUID; `(project_id, uuid)` is the idempotency key. */
  uuid: string;
  project_id: number;
  event_name: string;
  user_id: string | null;
  device_id: string | null;
  session_id: string | null;
  /** Time of the event in Unix epoch milliseconds (UTC), after clock-skew correction. */
  timestamp: number;
  str_properties: Record<string, string>;
  num_properties: Record<string, number>;
  /** Time the server received the event, Unix epoch milliseconds. */
  received_at: number;
}

export interface AppendResult {
  /** Events stored by this call. */
  inserted: number;
  /** Events skipped because their `(project_id, uuid)` was already stored (or repeated in the call). */
  duplicates: number;
}

/**
 * `total` counts events; `uniq` counts distinct people (a device linked to a user counts as that user,
 * for events stored before and after the link); `sum | avg | min | max` aggregate a numeric property.
 */
export type AggregateMetric = 'total' | 'uniq' | 'sum' | 'avg' | 'min' | 'max';
/** Metrics that aggregate the numeric property named in `AggregateQuery.property`. */
export type PropertyMetric = 'sum' | 'avg' | 'min' | 'max';
/** UTC buckets; weeks start on Monday (ISO 8601). */
export type AggregateInterval = 'hour' | 'day' | 'week' | 'month';

/**
 * A property filter. A string `value` tests `str_properties`, a number tests `num_properties`.
 * `neq` also matches events that lack the property; `contains` is a case-sensitive substring test;
 * `is_set` matches events that carry the key in either map.
 */
export type PropertyFilter =
  | { property: string; op: 'eq' | 'neq'; value: string | number }
  | { property: string; op: 'contains'; value: string }
  | { property: string; op: 'gt' | 'lt'; value: number }
  | { property: string; op: 'is_set' };

export type FilterOperator = PropertyFilter['op'];

/** Split the series of each event by a string property, keeping the `limit` largest groups. */
export interface AggregateGroupBy {
  /** A key of `str_properties`; events without it form the group `null`. */
  property: string;
  /**
   * Groups kept per event: ranked by the metric over the whole range (descending), ties broken by
   * the group value in code-point order with `null` last. The other groups are dropped.
   */
  limit: number;
}

export interface AggregateQuery {
  projectId: number;
  /** Event names to count; names not listed are ignored. */
  events: string[];
  metric: AggregateMetric;
  /** The numeric property for `sum | avg | min | max`; events without it are left out. */
  property?: string;
  interval: AggregateInterval;
  /** Inclusive lower bound, epoch ms. */
  from: number;
  /** Exclusive upper bound, epoch ms. */
  to: number;
  /** All must match. @default [] */
  filters?: PropertyFilter[];
  groupBy?: AggregateGroupBy;
}

export interface AggregateRow {
  event: string;
  /**
   * Start of the UTC bucket: `YYYY-MM-DD` for day, the Monday for week, the 1st for month, and
   * `YYYY-MM-DDTHH:00:00.000Z` for hour.
   */
  bucket: string;
  /** The group value when the query has `groupBy` (`null`: the property is absent); absent otherwise. */
  group?: string | null;
  value: number;
}

/** `created`: a new link; `unchanged`: the device was already linked to this user; `conflict`: to another user (kept). */
export type LinkResult = 'created' | 'unchanged' | 'conflict';

/** User properties: a `null` value deletes the key when merged. */
export type UserProperties = Record<string, string | number | boolean | null>;

export interface ReplayChunk {
  projectId: number;
  sessionId: string;
  /** Position of the chunk in its session, from 0. `(projectId, sessionId, seq)` is the idempotency key. */
  seq: number;
  /** Compressed bytes, or text; read back with the same type. */
  data: Uint8Array | string;
  /** Epoch ms of the first recorded moment in the chunk. */
  timestamp: number;
  deviceId?: string | null;
  userId?: string | null;
}

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
