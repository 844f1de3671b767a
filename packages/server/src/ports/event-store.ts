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

/** `uniq` counts distinct people (`user_id ?? device_id`), `total` counts events. */
export type AggregateMetric = 'uniq' | 'total';

export interface AggregateQuery {
  projectId: number;
  /** Event names to count; names not listed are ignored. */
  events: string[];
  metric: AggregateMetric;
  interval: 'day';
  /** Inclusive lower bound, epoch ms. */
  from: number;
  /** Exclusive upper bound, epoch ms. */
  to: number;
}

export interface AggregateRow {
  event: string;
  /** UTC day of the bucket, `YYYY-MM-DD`. */
  bucket: string;
  value: number;
}

export interface EventStore {
  /** Stores events idempotently on `(project_id, uuid)`; the first copy of an event wins. */
  appendEvents(events: StoredEvent[]): Promise<AppendResult>;
  /** Counts inside the store; returns non-empty buckets only, in no particular order. */
  aggregate(query: AggregateQuery): Promise<AggregateRow[]>;
  /** One stored event, as stored (for inspection and tests); undefined when absent. */
  getEvent(projectId: number, uuid: string): Promise<StoredEvent | undefined>;
}
