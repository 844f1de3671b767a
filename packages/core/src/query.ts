/** `total` counts events, `uniq` distinct people; `sum`/`avg`/`min`/`max` aggregate a numeric property. */
export const QUERY_METRICS = ['uniq', 'total', 'sum', 'avg', 'min', 'max'] as const;
export type QueryMetric = (typeof QUERY_METRICS)[number];

/** Bucket size of an event query; buckets are UTC and weeks start on Monday. */
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
  events: { name: string }[];
  metric: QueryMetric;
  /** Numeric property of `sum`, `avg`, `min` and `max`. */
  property?: string;
  /** Inclusive calendar dates, `YYYY-MM-DD`, UTC. */
  date_range: { start: string; end: string };
  interval: QueryInterval;
  filters?: QueryFilter[];
  /** One series per value of a string property, the top `limit` by the metric. */
  group_by?: { property: string; limit?: number };
}

export interface QueryPoint {
  /** Start of the bucket: `YYYY-MM-DD` (the Monday for week, the 1st for month) or an ISO hour. */
  date: string;
  value: number;
}

export interface QuerySeries {
  event: string;
  /** With `group_by`: the property value of this series (null: events without it). */
  group?: string | null;
  /** One point per bucket of the range, in order, zero-filled. */
  data: QueryPoint[];
}

export interface QueryResponse {
  metric: QueryMetric;
  interval: QueryInterval;
  date_range: { start: string; end: string };
  series: QuerySeries[];
}
