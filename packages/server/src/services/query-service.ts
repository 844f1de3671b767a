import { dateDayNumber, dayNumberDate } from '@northstar/core';
import type { AggregateRow, PropertyFilter, QueryEngine } from '../ports/index.js';
import type { EventQueryBody, EventQueryResponse } from '../schemas/event-query.js';
import type { QueryFilterBody } from '../schemas/event-query-filters.js';
import { ZERO_WHEN_EMPTY_METRICS } from '../schemas/event-query.js';
import { MAX_GROUP_LIMIT } from '../schemas/event-query-filters.js';
import { canonicalZone } from './local-range.js';
import { bucketsOfRange, zonedRange } from './query-buckets.js';
import { noSegments } from './segment-filters.js';
import type { SegmentFilters } from './segment-filters.js';
import type { FunnelQueryBody, FunnelQueryResponse } from '../schemas/funnel-query.js';
import type { RetentionQueryBody, RetentionQueryResponse } from '../schemas/retention-query.js';
import { runFunnelQuery } from './funnel-query-service.js';
import { runRetentionQuery } from './retention-query-service.js';

type Series = EventQueryResponse['series'][number];

/** Longest one engine query of `/v1/query/*` (events, funnels, retention) may run by default, ms (`queryTimeoutMs`). */
export const DEFAULT_QUERY_TIMEOUT_MS = 5_000;

/** One event's series before it becomes a response series: its index in the request, its group, its points. */
interface KeyedSeries {
  index: number;
  event: string;
  group?: string | null;
  data: Series['data'];
}

/** The inclusive local dates of the same number of days just before `start`. */
function previousPeriod(start: string, end: string): { start: string; end: string } {
  const first = dateDayNumber(start);
  const days = dateDayNumber(end) - first + 1;
  return { start: dayNumberDate(first - days), end: dayNumberDate(first - 1) };
}

/** The engine's `filters` (on the event) and `userFilters` (on its user's properties) of the request's filters. */
function splitFilters(filters: QueryFilterBody[]): { filters: PropertyFilter[]; userFilters: PropertyFilter[] } {
  const split = { filters: [] as PropertyFilter[], userFilters: [] as PropertyFilter[] };
  for (const { source, ...filter } of filters) (source === 'user' ? split.userFilters : split.filters).push(filter);
  return split;
}

/** Groups of one event in the engine's rank order (by the metric over the whole range). */
function groupsOf(rows: AggregateRow[]): (string | null)[] {
  const ranks = new Map<string | null, number>();
  for (const row of rows) ranks.set(row.group ?? null, Math.min(ranks.get(row.group ?? null) ?? Infinity, row.rank ?? Infinity));
  return [...ranks].sort(([, a], [, b]) => a - b).map(([group]) => group);
}

/**
 * The series of the requested events over the local dates `start`–`end`: one engine query per distinct
 * set of an event's own filters (each with the `common` filters too), the rows spread over every bucket.
 */
async function periodSeries(
  engine: QueryEngine,
  query: EventQueryBody,
  timeZone: string,
  common: QueryFilterBody[],
  range: { start: string; end: string },
  timeoutMs: number,
): Promise<KeyedSeries[]> {
  const { from, to } = zonedRange(range.start, range.end, timeZone);
  const runs = new Map<string, { filters: QueryFilterBody[]; names: Set<string> }>();
  const keys = query.events.map(({ name, filters = [] }) => {
    const key = JSON.stringify(filters);
    const run = runs.get(key) ?? { filters: [...common, ...filters], names: new Set<string>() };
    runs.set(key, run);
    run.names.add(name);
    return key;
  });
  const answers = new Map(
    await Promise.all(
      [...runs].map(async ([key, run]) => {
        const rows = await engine.run({
          kind: 'segmentation',
          projectId: query.project_id,
          events: [...run.names],
          metric: query.metric,
          ...(query.property !== undefined && { property: query.property }),
          interval: query.interval,
          timeZone,
          from,
          to,
          ...splitFilters(run.filters),
          ...(query.group_by && { groupBy: { property: query.group_by.property, limit: query.group_by.limit } }),
          timeoutMs,
        });
        return [key, rows] as const;
      }),
    ),
  );

  const buckets = bucketsOfRange(range.start, range.end, query.interval, timeZone);
  const empty = ZERO_WHEN_EMPTY_METRICS.includes(query.metric) ? 0 : null;
  const points = (rows: AggregateRow[]) => {
    const values = new Map(rows.map((row) => [row.bucket, row.value]));
    return buckets.map((date) => ({ date, value: values.get(date) ?? empty }));
  };
  const series: KeyedSeries[] = [];
  query.events.forEach(({ name }, index) => {
    const own = (answers.get(keys[index] ?? '') ?? []).filter((row) => row.event === name);
    if (!query.group_by) {
      series.push({ index, event: name, data: points(own) });
      return;
    }
    for (const group of groupsOf(own)) series.push({ index, event: name, group, data: points(own.filter((row) => (row.group ?? null) === group)) });
  });
  return series;
}

/** The empty points of a period (a series with nothing in the previous period). */
function emptyPoints(query: EventQueryBody, timeZone: string, range: { start: string; end: string }): Series['data'] {
  const empty = ZERO_WHEN_EMPTY_METRICS.includes(query.metric) ? 0 : null;
  return bucketsOfRange(range.start, range.end, query.interval, timeZone).map((date) => ({ date, value: empty }));
}

/**
 * Runs a validated event query for a caller already authorized (query scope) on its `project_id`.
 * `segments` resolves `segment_id` (its filters join every event's); with `compare` the previous
 * period runs too, its groups looked up among the top `MAX_GROUP_LIMIT` of that period.
 */
export async function runEventQuery(
  engine: QueryEngine,
  query: EventQueryBody,
  segments: SegmentFilters = noSegments,
  timeoutMs: number = DEFAULT_QUERY_TIMEOUT_MS,
): Promise<EventQueryResponse> {
  const timeZone = canonicalZone(query.timezone ?? 'UTC');
  const common = [...(query.filters ?? []), ...(query.segment_id === undefined ? [] : await segments(query.project_id, query.segment_id))];
  const { start, end } = query.date_range;
  const current = await periodSeries(engine, query, timeZone, common, { start, end }, timeoutMs);
  const answer = { metric: query.metric, interval: query.interval, timezone: timeZone, date_range: { start, end } };
  const plain = (series: KeyedSeries): Series => ({ event: series.event, ...(series.group !== undefined && { group: series.group }), data: series.data });
  if (!query.compare) return { ...answer, series: current.map(plain) };

  const range = previousPeriod(start, end);
  const wider = query.group_by && { ...query.group_by, limit: MAX_GROUP_LIMIT };
  const previous = await periodSeries(engine, { ...query, ...(wider && { group_by: wider }) }, timeZone, common, range, timeoutMs);
  const keyOf = (series: KeyedSeries) => JSON.stringify([series.index, series.group ?? null]);
  const before = new Map(previous.map((series) => [keyOf(series), series.data]));
  return {
    ...answer,
    compare: { date_range: range },
    series: current.map((series) => ({ ...plain(series), previous: before.get(keyOf(series)) ?? emptyPoints(query, timeZone, range) })),
  };
}

/** Analytical queries, run inside the store's query engine. */
export interface QueryService {
  /** One series per requested event (and group), in request order, every bucket of the range present. */
  events(query: EventQueryBody): Promise<EventQueryResponse>;
  /** People per funnel step (and group), conversions and median times (docs/queries.md "Funnels"). */
  funnels(query: FunnelQueryBody): Promise<FunnelQueryResponse>;
  /** The cohort matrix and its average curve (docs/queries.md "Retention"); `clock` decides which periods are still to come. */
  retention(query: RetentionQueryBody): Promise<RetentionQueryResponse>;
}

/** `clock`: epoch ms now, the moment before which retention periods have begun; `segments` resolves `segment_id`. */
export function queryService(
  engine: QueryEngine,
  clock: () => number = Date.now,
  segments: SegmentFilters = noSegments,
  timeoutMs: number = DEFAULT_QUERY_TIMEOUT_MS,
): QueryService {
  return {
    events: (query) => runEventQuery(engine, query, segments, timeoutMs),
    funnels: (query) => runFunnelQuery(engine, query, timeoutMs),
    retention: (query) => runRetentionQuery(engine, query, clock(), timeoutMs),
  };
}
