import type { StoredEvent } from './event-log.js';

/**
 * Analytical reads, run inside the database: an engine never pulls raw rows into JS to count them.
 * One typed query in, its typed answer out; new kinds (funnel, retention, ...) are new entries of
 * `EngineQueries`. Memory's engine is the reference answer every other engine is compared with.
 * An engine resolves people through the device links of its own adapter's `PersonStore`; an engine
 * without one counts each event's `user_id`, else its `device_id`, as the person.
 */

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

/** Which events an `events` listing returns, newest first (`timestamp` descending, then `uuid` descending). */
export interface EventListQuery {
  projectId: number;
  /**
   * Events of this user: its own (`user_id`) and the anonymous ones (no `user_id`) of every device linked
   * to it, stored before or after the link — the events `uniq` counts as this person. @default any
   */
  userId?: string;
  /**
   * Events sent from this device (`device_id`): with `userId`, that user's; alone, the anonymous ones (no
   * `user_id`), whoever the device is linked to — what an unidentified visitor did on it. @default any
   */
  deviceId?: string;
  /** Only these event names (an empty list matches nothing). @default all */
  events?: string[];
  /** Only events whose `str_properties` hold each of these exact values. @default no condition */
  strEquals?: Record<string, string>;
  /** Keyset cursor: only events strictly older than this `(timestamp, uuid)`. @default from the newest */
  before?: { timestamp: number; uuid: string };
  /** Events returned at most, clamped to 1–1000. @default 50 */
  limit?: number;
}

/** Every kind of query an engine runs, with its answer. */
export interface EngineQueries {
  /** Counts per bucket; non-empty buckets only, in no particular order. */
  segmentation: { query: AggregateQuery; result: AggregateRow[] };
  /** A page of raw events (a person's timeline, a survey's responses). */
  events: { query: EventListQuery; result: StoredEvent[] };
}

export type EngineQueryKind = keyof EngineQueries;

/** One query: its `kind` and the fields of that kind. */
export type EngineQuery = { [K in EngineQueryKind]: { kind: K } & EngineQueries[K]['query'] }[EngineQueryKind];

/** The answer to a query of kind `K`. */
export type EngineResult<K extends EngineQueryKind> = EngineQueries[K]['result'];

export interface QueryEngine {
  run<Q extends EngineQuery>(query: Q): Promise<EngineResult<Q['kind']>>;
}
