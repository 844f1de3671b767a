/**
 * `total` counts events, `uniq` distinct people, `per_user` events per person (total / uniq),
 * `dau`/`wau`/`mau` distinct people active in the trailing 1/7/30 local days ending at each bucket;
 * `sum`/`avg`/`min`/`max` and the nearest-rank percentiles `p50`/`p90`/`p99` aggregate a numeric property.
 */
export const QUERY_METRICS = ['uniq', 'total', 'sum', 'avg', 'min', 'max', 'p50', 'p90', 'p99', 'per_user', 'dau', 'wau', 'mau'] as const;
export type QueryMetric = (typeof QUERY_METRICS)[number];

/** The trailing window of an active-people metric in local days (`dau` 1, `wau` 7, `mau` 30), else undefined. */
export function activeDaysOf(metric: string): number | undefined {
  return metric === 'dau' ? 1 : metric === 'wau' ? 7 : metric === 'mau' ? 30 : undefined;
}

/** The `p` of a percentile metric (50, 90, 99), else undefined. */
export function percentileOf(metric: string): number | undefined {
  return metric === 'p50' ? 50 : metric === 'p90' ? 90 : metric === 'p99' ? 99 : undefined;
}

/** The 1-based rank a `p` percentile reads among `n` ascending values: ⌈p·n/100⌉ in integer arithmetic (nearest rank). */
export function percentileRank(p: number, n: number): number {
  return Math.floor((p * n + 99) / 100);
}

/** Bucket size of an event query; buckets are local to the query's `timezone` and weeks start on Monday. */
export const QUERY_INTERVALS = ['hour', 'day', 'week', 'month'] as const;
export type QueryInterval = (typeof QUERY_INTERVALS)[number];

export const QUERY_FILTER_OPERATORS = ['eq', 'neq', 'contains', 'gt', 'lt', 'is_set'] as const;
export type QueryFilterOperator = (typeof QUERY_FILTER_OPERATORS)[number];

/** A string value tests `str_properties`, a number `num_properties`; `is_set` takes no value. */
export interface QueryFilter {
  property: string;
  op: QueryFilterOperator;
  value?: string | number;
}

/** Body of `POST /v1/api/query/events` (alias `POST /v1/query/events`), spec 2.2 and docs/decisions.md. */
export interface EventQuery {
  project_id: number;
  /** One series each; an event's own `filters` are added to the query's. */
  events: { name: string; filters?: QueryFilter[] }[];
  metric: QueryMetric;
  /** Numeric property of `sum`, `avg`, `min`, `max`, `p50`, `p90` and `p99`. */
  property?: string;
  /** Inclusive calendar dates, `YYYY-MM-DD`, of `timezone`. */
  date_range: { start: string; end: string };
  interval: QueryInterval;
  /** IANA time zone of the date range and the buckets. @default 'UTC' */
  timezone?: string;
  filters?: QueryFilter[];
  /** One series per value of a string property, the top `limit` by the metric. */
  group_by?: { property: string; limit?: number };
  /** A saved segment of the project: its filters are added to every event's. */
  segment_id?: number;
  /** Each series also gets `previous`: the same number of local days just before the range. */
  compare?: boolean | 'previous_period';
}

export interface QueryPoint {
  /** Start of the bucket: `YYYY-MM-DD` (the Monday for week, the 1st for month) or the local hour with its offset. */
  date: string;
  /** An empty bucket is `0` for counts and sums, `null` for averages, minima, maxima and percentiles. */
  value: number | null;
}

export interface QuerySeries {
  event: string;
  /** With `group_by`: the property value of this series (null: events without it). */
  group?: string | null;
  /** One point per bucket of the range, in order, empty buckets filled (see `QueryPoint.value`). */
  data: QueryPoint[];
  /** With `compare`: the previous period's buckets, aligned by index with `data`. */
  previous?: QueryPoint[];
}

export interface QueryResponse {
  metric: QueryMetric;
  interval: QueryInterval;
  timezone: string;
  date_range: { start: string; end: string };
  /** With `compare`: the previous period. */
  compare?: { date_range: { start: string; end: string } };
  series: QuerySeries[];
}
