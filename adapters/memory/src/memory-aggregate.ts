import { bucketLabel, rankGroups } from '@northstar/core';
import type { AggregateQuery, AggregateRow, StoredEvent } from '@northstar/server';
import { activePeople } from './memory-active.js';
import { accumulate, metricValue, newAccumulator } from './metric-accumulator.js';
import type { MetricAccumulator } from './metric-accumulator.js';
import { groupOf, matchesFilter, matchesUserFilter, numberOf } from './property-filter.js';
import { timeCheck } from './time-check.js';
import type { UserPropertyValues } from './property-filter.js';

interface Cell {
  event: string;
  bucket: string;
  group: string | null;
  acc: MetricAccumulator;
}

/**
 * The aggregate query over events in memory; `personOf` gives the person key of an event
 * (null when it has nobody to count), `userPropertiesOf` its user's current properties (for
 * `userFilters`). Same answers as the SQL adapter.
 */
export function aggregateEvents(
  events: Iterable<StoredEvent>,
  query: AggregateQuery,
  personOf: (event: StoredEvent) => string | null,
  userPropertiesOf: (event: StoredEvent) => UserPropertyValues = () => ({}),
): AggregateRow[] {
  const passes = (event: StoredEvent) =>
    (query.filters ?? []).every((filter) => matchesFilter(event, filter)) &&
    (query.userFilters ?? []).every((filter) => matchesUserFilter(userPropertiesOf(event), filter));
  const check = timeCheck(query.timeoutMs);
  if (query.metric === 'dau' || query.metric === 'wau' || query.metric === 'mau') return activePeople(events, query, personOf, passes, check);
  const wanted = new Set(query.events);
  const property = query.metric === 'total' || query.metric === 'uniq' || query.metric === 'per_user' ? undefined : (query.property ?? '');
  const timeZone = query.timeZone ?? 'UTC';
  const cells = new Map<string, Cell>();
  const wholeRange = new Map<string, Map<string | null, MetricAccumulator>>();

  for (const event of events) {
    check();
    if (!wanted.has(event.event_name) || event.timestamp < query.from || event.timestamp >= query.to) continue;
    if (!passes(event)) continue;
    const value = property === undefined ? undefined : numberOf(event, property);
    if (property !== undefined && value === undefined) continue;
    const group = query.groupBy ? groupOf(event, query.groupBy.property) : null;
    const bucket = bucketLabel(timeZone, query.interval, event.timestamp);
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

  const kept = new Map<string, Map<string | null, number>>();
  if (query.groupBy) {
    for (const [event, groups] of wholeRange) {
      const values = new Map([...groups].map(([group, acc]) => [group, metricValue(acc, query.metric)]));
      kept.set(event, rankGroups(values, query.groupBy.limit));
    }
  }

  const rows: AggregateRow[] = [];
  for (const cell of cells.values()) {
    const value = metricValue(cell.acc, query.metric);
    if (value === null || (query.metric === 'uniq' && value === 0)) continue;
    if (!query.groupBy) {
      rows.push({ event: cell.event, bucket: cell.bucket, value });
    } else {
      const rank = kept.get(cell.event)?.get(cell.group);
      if (rank !== undefined) rows.push({ event: cell.event, bucket: cell.bucket, group: cell.group, rank, value });
    }
  }
  return rows;
}
