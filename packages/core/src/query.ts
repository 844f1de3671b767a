/** Aggregation of an event query. `uniq` counts distinct people, `total` counts events. */
export type QueryMetric = 'uniq' | 'total';
export const QUERY_METRICS: readonly QueryMetric[] = ['uniq', 'total'];

/** Bucket size of an event query; buckets are UTC. */
export type QueryInterval = 'day';
export const QUERY_INTERVALS: readonly QueryInterval[] = ['day'];

/** Body of `POST /v1/api/query/events` (alias `POST /v1/query/events`), spec 2.2. */
export interface EventQuery {
  project_id: number;
  events: { name: string }[];
  metric: QueryMetric;
  /** Inclusive calendar dates, `YYYY-MM-DD`, UTC. */
  date_range: { start: string; end: string };
  interval: QueryInterval;
}

export interface QueryPoint {
  /** Start of the bucket, `YYYY-MM-DD` for `day`. */
  date: string;
  value: number;
}

export interface QuerySeries {
  event: string;
  /** One point per bucket of the range, in order, zero-filled. */
  data: QueryPoint[];
}

export interface QueryResponse {
  metric: QueryMetric;
  interval: QueryInterval;
  date_range: { start: string; end: string };
  series: QuerySeries[];
}
