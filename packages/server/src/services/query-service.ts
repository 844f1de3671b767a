import { parseUtcDate } from '@northstar/core';
import type { AggregateQuery, AggregateRow, QueryEngine } from '../ports/index.js';
import type { EventQueryBody, EventQueryResponse } from '../schemas/event-query.js';
import { bucketsOfRange } from './query-buckets.js';

const DAY_MS = 86_400_000;

type Series = EventQueryResponse['series'][number];

/** The store's query for a validated body (the date range as [start, end + 1 day) in epoch ms). */
function storeQuery(query: EventQueryBody): AggregateQuery {
  const { start, end } = query.date_range;
  return {
    projectId: query.project_id,
    events: [...new Set(query.events.map((event) => event.name))],
    metric: query.metric,
    ...(query.property !== undefined && { property: query.property }),
    interval: query.interval,
    from: parseUtcDate(start) ?? 0,
    to: (parseUtcDate(end) ?? 0) + DAY_MS,
    filters: query.filters ?? [],
    ...(query.group_by && { groupBy: { property: query.group_by.property, limit: query.group_by.limit } }),
  };
}

/** Groups of one event, largest sum of points first, ties by value (code-point order), null last. */
function groupsOf(rows: AggregateRow[]): (string | null)[] {
  const sums = new Map<string | null, number>();
  for (const row of rows) sums.set(row.group ?? null, (sums.get(row.group ?? null) ?? 0) + row.value);
  return [...sums].sort(([a, x], [b, y]) => y - x || (a === null ? 1 : b === null ? -1 : a < b ? -1 : a > b ? 1 : 0)).map(([group]) => group);
}

/** Runs a validated event query for a caller already authorized (query scope) on its `project_id`. */
export async function runEventQuery(engine: QueryEngine, query: EventQueryBody): Promise<EventQueryResponse> {
  const rows = await engine.run({ kind: 'segmentation', ...storeQuery(query) });
  const { start, end } = query.date_range;
  const buckets = bucketsOfRange(start, end, query.interval);
  const seriesOf = (event: string, group: string | null | undefined, values: Map<string, number>): Series => ({
    event,
    ...(group !== undefined && { group }),
    data: buckets.map((date) => ({ date, value: values.get(date) ?? 0 })),
  });

  const series: Series[] = [];
  for (const { name } of query.events) {
    const own = rows.filter((row) => row.event === name);
    if (!query.group_by) {
      series.push(seriesOf(name, undefined, new Map(own.map((row) => [row.bucket, row.value]))));
      continue;
    }
    for (const group of groupsOf(own)) {
      const values = new Map(own.filter((row) => (row.group ?? null) === group).map((row) => [row.bucket, row.value]));
      series.push(seriesOf(name, group, values));
    }
  }
  return { metric: query.metric, interval: query.interval, date_range: { start, end }, series };
}

/** Analytical queries, run inside the store's query engine. */
export interface QueryService {
  /** One zero-filled series per requested event (and group), in request order. */
  events(query: EventQueryBody): Promise<EventQueryResponse>;
}

export function queryService(engine: QueryEngine): QueryService {
  return { events: (query) => runEventQuery(engine, query) };
}
