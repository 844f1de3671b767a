import type { StoredEvent } from './event-log.js';
import type { HeatmapQuery, HeatmapResult } from './heatmap-query.js';
import type { SurveyPersonState, SurveyResults, SurveyResultsQuery, SurveyStatesQuery } from './survey-query.js';

/**
 * Analytical reads, run inside the database: an engine never pulls raw rows into JS to count them.
 * One typed query in, its typed answer out; new kinds (funnel, retention, ...) are new entries of
 * `EngineQueries`. Memory's engine is the reference answer every other engine is compared with.
 * An engine resolves people through the device links of its own adapter's `PersonStore`; an engine
 * without one counts each event's `user_id`, else its `device_id`, as the person.
 */

/**
 * `total` counts events; `uniq` counts distinct people (a device linked to a user counts as that user,
 * for events stored before and after the link); `per_user` is total / uniq of the bucket;
 * `sum | avg | min | max | p50 | p90 | p99` aggregate a numeric property. A percentile is nearest-rank:
 * the value at rank ⌈p·n/100⌉ of the bucket's n values in ascending order (SQL `PERCENTILE_DISC`).
 */
export type AggregateMetric = 'total' | 'uniq' | 'per_user' | ActiveMetric | PropertyMetric;
/**
 * Distinct people with any matching event in the trailing 1 / 7 / 30 local days ending at each bucket's
 * last day inside `[from, to)` (core's `bucketEndDays`): the engine reads events before `from` for that.
 * Not with hour buckets.
 */
export type ActiveMetric = 'dau' | 'wau' | 'mau';
/** Metrics that aggregate the numeric property named in `AggregateQuery.property`. */
export type PropertyMetric = 'sum' | 'avg' | 'min' | 'max' | PercentileMetric;
export type PercentileMetric = 'p50' | 'p90' | 'p99';

/** Buckets local to `AggregateQuery.timeZone`; weeks start on Monday (ISO 8601). */
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
  /**
   * IANA zone of the buckets (core's `bucketLabel`): local days, weeks and months, and the zone's hours
   * (at :30 UTC in a zone offset by :30). @default 'UTC'
   */
  timeZone?: string;
  /** Inclusive lower bound, epoch ms. */
  from: number;
  /** Exclusive upper bound, epoch ms. */
  to: number;
  /** All must match. @default [] */
  filters?: PropertyFilter[];
  /**
   * Filters on the current properties of the event's user (`PersonStore.setUserProperties`): its
   * `user_id`, else the user its device is linked to; an event with neither has no user properties. A
   * string `value` matches a string property, a number a numeric one (a boolean matches neither);
   * `neq` also matches when the property is absent, `is_set` any type. All must match. @default []
   */
  userFilters?: PropertyFilter[];
  groupBy?: AggregateGroupBy;
  /**
   * Longest the query may run, ms: an engine that can stop it (a MySQL statement is killed) rejects with
   * core's `ServiceUnavailableError` (503). Engines whose reads block the event loop (SQLite, memory)
   * cannot be interrupted mid-read. @default no limit
   */
  timeoutMs?: number;
}

export interface AggregateRow {
  event: string;
  /**
   * Core's `bucketLabel` of the bucket in the query's zone: `YYYY-MM-DD` for day, the Monday for week,
   * the 1st for month, and the local hour with its offset for hour (`2026-10-25T02:00:00+01:00`).
   */
  bucket: string;
  /** The group value when the query has `groupBy` (`null`: the property is absent); absent otherwise. */
  group?: string | null;
  /** With `groupBy`: the group's rank among the event's kept groups, from 1 (see `AggregateGroupBy.limit`). */
  rank?: number;
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
  /** Only events of this session (`session_id`). @default any */
  sessionId?: string;
  /** Only events whose `str_properties` hold each of these exact values. @default no condition */
  strEquals?: Record<string, string>;
  /** Only events matching every filter, as in segmentation (`PropertyFilter`). @default no condition */
  filters?: PropertyFilter[];
  /** Only events at or after this time, epoch ms. @default no bound */
  since?: number;
  /** Keyset cursor: only events strictly older than this `(timestamp, uuid)`. @default from the newest */
  before?: { timestamp: number; uuid: string };
  /** Events returned at most, clamped to 1–1000. @default 50 */
  limit?: number;
}

/** How many events of each name each session holds (the counts of a replay listing). */
export interface SessionEventCountQuery {
  projectId: number;
  /** The sessions (`session_id`) to count; an empty list answers nothing. */
  sessionIds: string[];
  /** Event names to count; an empty list answers nothing. */
  events: string[];
  /** Inclusive lower bound of `timestamp`, epoch ms. */
  from: number;
  /** Exclusive upper bound of `timestamp`, epoch ms. */
  to: number;
}

/** One count of a `sessionEventCounts` query; pairs without events are absent. */
export interface SessionEventCount {
  sessionId: string;
  event: string;
  count: number;
}

/** One step of a funnel, or the start or return event of a retention query: an event name and its filters. */
export interface EventStep {
  event: string;
  /** All must match. @default [] */
  filters?: PropertyFilter[];
}

/**
 * A funnel (docs/queries.md "Funnels"). Events are ordered per person by `timestamp`, then by the first
 * step they match, then by `uuid`; a step is an occurrence later in that order than the previous step's,
 * at most `windowMs` after the attempt's step-1 occurrence. Each step-1 occurrence in `[from, to)` starts
 * an attempt that takes, step after step, the earliest such occurrence; a person counts once, with the
 * attempt reaching the furthest step (earliest start on ties, then that order).
 */
export interface FunnelQuery {
  projectId: number;
  /** 2–10 steps, in order. */
  steps: EventStep[];
  /** Step-1 occurrences from here (inclusive, epoch ms)... */
  from: number;
  /** ...to here (exclusive); later steps may fall after it, within the window. */
  to: number;
  /** The conversion window, ms: a step at exactly `windowMs` after step 1 is inside. */
  windowMs: number;
  /** Split by a string property of the counted attempt's step-1 event; groups ranked by step-1 people (ties: code-point order, null last). */
  groupBy?: AggregateGroupBy;
  /** Longest the query may run, ms, as `AggregateQuery.timeoutMs` (a 503 past it). @default no limit */
  timeoutMs?: number;
}

/** One step's answer: people who reached it, and the median (nearest rank) of their ms from the previous step (null for step 1). */
export interface FunnelStepCount {
  people: number;
  medianMs: number | null;
}

/** Without `groupBy` one entry (no `group`); with it, the kept groups in rank order. */
export interface FunnelGroupRow {
  group?: string | null;
  /** One per step of the query. */
  steps: FunnelStepCount[];
}

/**
 * Retention (docs/queries.md "Retention"): a person's cohort is the local period (day, or ISO week from
 * Monday, in `timeZone`) of their first `start` event in `[from, to)`; they count in period n (1..periods)
 * when they did the `return` event in the n-th period after the cohort's, at any time (after `to` too).
 */
export interface RetentionQuery {
  projectId: number;
  start: EventStep;
  return: EventStep;
  period: 'day' | 'week';
  /** Periods after the cohort's own that are counted. */
  periods: number;
  /** Local midnight of the range's first day, epoch ms (inclusive). */
  from: number;
  /** Local midnight after the range's last day, epoch ms (exclusive). */
  to: number;
  /** An IANA time zone (`isTimeZone`). */
  timeZone: string;
  /** Longest the query may run, ms, as `AggregateQuery.timeoutMs` (a 503 past it). @default no limit */
  timeoutMs?: number;
}

/** People of one cohort in one period: period 0 is the cohort's size. Non-empty cells only. */
export interface RetentionCell {
  /** The cohort's first local day (`YYYY-MM-DD`; a Monday for weeks). */
  cohort: string;
  /** 0..periods. */
  period: number;
  people: number;
}

/** Every kind of query an engine runs, with its answer. */
export interface EngineQueries {
  /** Counts per bucket; non-empty buckets only, in no particular order. */
  segmentation: { query: AggregateQuery; result: AggregateRow[] };
  /** A page of raw events (a person's timeline, a survey's responses). */
  events: { query: EventListQuery; result: StoredEvent[] };
  /** People per funnel step (and group). */
  funnel: { query: FunnelQuery; result: FunnelGroupRow[] };
  /** Retention cells, in no particular order. */
  retention: { query: RetentionQuery; result: RetentionCell[] };
  /** A page's click, scroll and attention map (docs/heatmaps.md). */
  heatmap: { query: HeatmapQuery; result: HeatmapResult };
  /** Events per session and name, in no particular order. */
  sessionEventCounts: { query: SessionEventCountQuery; result: SessionEventCount[] };
  /** What one person did with each survey they have an event of, in code-point order of survey id (docs/surveys.md). */
  surveyStates: { query: SurveyStatesQuery; result: SurveyPersonState[] };
  /** One survey's answers counted per person and question (docs/surveys.md). */
  surveyResults: { query: SurveyResultsQuery; result: SurveyResults };
}

export type EngineQueryKind = keyof EngineQueries;

/** One query: its `kind` and the fields of that kind. */
export type EngineQuery = { [K in EngineQueryKind]: { kind: K } & EngineQueries[K]['query'] }[EngineQueryKind];

/** The answer to a query of kind `K`. */
export type EngineResult<K extends EngineQueryKind> = EngineQueries[K]['result'];

export interface QueryEngine {
  run<Q extends EngineQuery>(query: Q): Promise<EngineResult<Q['kind']>>;
}
