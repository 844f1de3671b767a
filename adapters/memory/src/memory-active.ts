import { activeDaysOf, bucketEndDays, dayBucketLabel, dayNumberDate, localDayNumber, rankGroups, zonedDayStart } from '@northstar/core';
import type { AggregateQuery, AggregateRow, StoredEvent } from '@northstar/server';
import { groupOf } from './property-filter.js';

/**
 * `dau` / `wau` / `mau` over events in memory: per bucket, the distinct people with a matching event in
 * the trailing 1 / 7 / 30 local days ending at the bucket's last day inside the range (events before
 * `from` count); `passes` applies the query's filters, `check` its time limit. Groups are ranked by the people active anywhere in those windows.
 */
export function activePeople(
  events: Iterable<StoredEvent>,
  query: AggregateQuery,
  personOf: (event: StoredEvent) => string | null,
  passes: (event: StoredEvent) => boolean,
  check: () => void = () => {},
): AggregateRow[] {
  const days = activeDaysOf(query.metric);
  if (days === undefined || query.interval === 'hour') return [];
  const timeZone = query.timeZone ?? 'UTC';
  const interval = query.interval;
  const ends = bucketEndDays(timeZone, interval, query.from, query.to);
  const first = ends[0];
  if (first === undefined) return [];
  const since = zonedDayStart(timeZone, dayNumberDate(first - days + 1));
  const wanted = new Set(query.events);

  /** `[event, group]` → person → local days active. */
  const activity = new Map<string, { event: string; group: string | null; people: Map<string, Set<number>> }>();
  for (const event of events) {
    check();
    if (!wanted.has(event.event_name) || event.timestamp < since || event.timestamp >= query.to) continue;
    if (!passes(event)) continue;
    const person = personOf(event);
    if (person === null) continue;
    const group = query.groupBy ? groupOf(event, query.groupBy.property) : null;
    const key = JSON.stringify([event.event_name, group]);
    const entry = activity.get(key) ?? { event: event.event_name, group, people: new Map<string, Set<number>>() };
    activity.set(key, entry);
    const active = entry.people.get(person) ?? new Set<number>();
    entry.people.set(person, active);
    active.add(localDayNumber(timeZone, event.timestamp));
  }

  const kept = new Map<string, Map<string | null, number>>();
  if (query.groupBy) {
    const perEvent = new Map<string, Map<string | null, number | null>>();
    for (const { event, group, people } of activity.values()) {
      const values = perEvent.get(event) ?? new Map<string | null, number | null>();
      perEvent.set(event, values);
      values.set(group, people.size);
    }
    for (const [event, values] of perEvent) kept.set(event, rankGroups(values, query.groupBy.limit));
  }

  const rows: AggregateRow[] = [];
  for (const { event, group, people } of activity.values()) {
    const rank = kept.get(event)?.get(group);
    if (query.groupBy && rank === undefined) continue;
    for (const end of ends) {
      let value = 0;
      for (const active of people.values()) if ([...active].some((day) => day <= end && day > end - days)) value++;
      if (value === 0) continue;
      const bucket = dayBucketLabel(end, interval);
      rows.push(query.groupBy ? { event, bucket, group, rank, value } : { event, bucket, value });
    }
  }
  return rows;
}
