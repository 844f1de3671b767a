import { utcDay } from '@northstar/core';
import type { AggregateQuery, AggregateRow, AppendResult, EventStore, StoredEvent } from '@northstar/server';

/** Events kept per project, keyed by uuid; the first copy of a uuid wins, as with a unique index. */
export function createMemoryEventStore(): EventStore & { clear(): void } {
  const projects = new Map<number, Map<string, StoredEvent>>();

  function eventsOf(projectId: number): Map<string, StoredEvent> {
    let events = projects.get(projectId);
    if (!events) {
      events = new Map();
      projects.set(projectId, events);
    }
    return events;
  }

  return {
    appendEvents(events: StoredEvent[]): Promise<AppendResult> {
      let inserted = 0;
      for (const event of events) {
        const stored = eventsOf(event.project_id);
        if (stored.has(event.uuid)) continue;
        stored.set(event.uuid, structuredClone(event));
        inserted += 1;
      }
      return Promise.resolve({ inserted, duplicates: events.length - inserted });
    },

    aggregate(query: AggregateQuery): Promise<AggregateRow[]> {
      const wanted = new Set(query.events);
      // key: event name + NUL + day → distinct people (uniq) or a counter (total)
      const buckets = new Map<string, { event: string; bucket: string; people: Set<string>; total: number }>();
      for (const event of projects.get(query.projectId)?.values() ?? []) {
        if (!wanted.has(event.event_name) || event.timestamp < query.from || event.timestamp >= query.to) continue;
        const bucket = utcDay(event.timestamp);
        const key = `${event.event_name}\u0000${bucket}`;
        let entry = buckets.get(key);
        if (!entry) {
          entry = { event: event.event_name, bucket, people: new Set(), total: 0 };
          buckets.set(key, entry);
        }
        entry.total += 1;
        const person = event.user_id ?? event.device_id;
        if (person !== null) entry.people.add(person);
      }
      const rows: AggregateRow[] = [];
      for (const entry of buckets.values()) {
        const value = query.metric === 'uniq' ? entry.people.size : entry.total;
        if (value > 0) rows.push({ event: entry.event, bucket: entry.bucket, value });
      }
      return Promise.resolve(rows);
    },

    getEvent(projectId: number, uuid: string): Promise<StoredEvent | undefined> {
      const event = projects.get(projectId)?.get(uuid);
      return Promise.resolve(event && structuredClone(event));
    },

    clear() {
      projects.clear();
    },
  };
}
