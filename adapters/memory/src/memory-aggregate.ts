import type { AggregateQuery, AggregateRow, StoredEvent } from '@northstar/server';
import { accumulate, compareCodePoints, metricValue, newAccumulator } from './metric-accumulator.js';
import type { MetricAccumulator } from './metric-accumulator.js';
import { groupOf, matchesFilter, numberOf } from './property-filter.js';
import { bucketLabel } from './time-bucket.js';

interface Cell {
  event: string;
  bucket: string;
  group: string | null;
  acc: MetricAccumulator;
}

/** The groups of one event to keep: the `limit` best by the metric over the whole range. */
function topGroups(whole: Map<string | null, MetricAccumulator>, query: AggregateQuery, limit: number): Set<string | null> {
  const ranked = [...whole].map(([group, acc]) => ({ group, value: metricValue(acc, query.metric) }));
  ranked.sort((a, b) => {
    if (a.value !== b.value) return b.value - a.value;
    if (a.group === null || b.group === null) return a.group === null ? (b.group === null ? 0 : 1) : -1;
    return compareCodePoints(a.group, b.group);
  });
  return new Set(ranked.slice(0, limit).map((entry) => entry.group));
}

/**
 * The aggregate query over events in memory; `personOf` gives the person key of an event
 * (null when it has nobody to count). Same answers as the SQL adapter.
 */
export function aggregateEvents(events: Iterable<StoredEvent>, query: AggregateQuery, personOf: (event: StoredEvent) => string | null): AggregateRow[] {
  const wanted = new Set(query.events);
  const property = query.metric === 'total' || query.metric === 'uniq' ? undefined : (query.property ?? '');
  const cells = new Map<string, Cell>();
  const wholeRange = new Map<string, Map<string | null, MetricAccumulator>>();

  for (const event of events) {
    if (!wanted.has(event.event_name) || event.timestamp < query.from || event.timestamp >= query.to) continue;
    if (!(query.filters ?? []).every((filter) => matchesFilter(event, filter))) continue;
    const value = property === undefined ? undefined : numberOf(event, property);
    if (property !== undefined && value === undefined) continue;
    const group = query.groupBy ? groupOf(event, query.groupBy.property) : null;
    const bucket = bucketLabel(event.timestamp, query.interval);
    const key = JSON.stringify([event.event_name, bucket, group]);
    let cell = cells.get(key);
    if (!cell) {
      cell = { event: event.event_name, bucket, group, acc: newAccumulator() };
      cells.set(key, cell);
    }
    const person = personOf(event);
    accumulate(cell.acc, person, value);
    if (query.groupBy) {
      const groups = wholeRange.get(event.event_name) ?? new Map<string | null, MetricAccumulator>();
      wholeRange.set(event.event_name, groups);
      const acc = groups.get(group) ?? newAccumulator();
      groups.set(group, acc);
      accumulate(acc, person, value);
    }
  }

  const kept = new Map<string, Set<string | null>>();
  if (query.groupBy) for (const [event, groups] of wholeRange) kept.set(event, topGroups(groups, query, query.groupBy.limit));

  const rows: AggregateRow[] = [];
  for (const cell of cells.values()) {
    const value = metricValue(cell.acc, query.metric);
    if (query.metric === 'uniq' && value === 0) continue;
    if (!query.groupBy) {
      rows.push({ event: cell.event, bucket: cell.bucket, value });
    } else if (kept.get(cell.event)?.has(cell.group)) {
      rows.push({ event: cell.event, bucket: cell.bucket, group: cell.group, value });
    }
  }
  return rows;
}
