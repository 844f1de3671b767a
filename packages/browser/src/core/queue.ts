import { createEventQueue } from '@northstar/core';
import type { EventQueue, TrackedEvent } from '@northstar/core';
import type { Store } from './storage.js';

/** What a tab stores under `q.<tab id>`: its undelivered events and when it last wrote them. */
export interface QueueRecord {
  /** Time of the last write, ms; 0 once the tab has let go of the queue (pagehide, destroy). */
  t: number;
  e: TrackedEvent[];
}

/** The queue of one tab: @northstar/core's event queue, kept in localStorage. */
export type Queue = EventQueue;

export const isEvent = (e: unknown): e is TrackedEvent => typeof (e as TrackedEvent | undefined)?.event_name === 'string';

/** Reads a stored queue record; undefined when it is not one. */
export function readRecord(value: unknown): QueueRecord | undefined {
  const r = value as Partial<QueueRecord> | undefined;
  return r && Array.isArray(r.e) ? { t: Number(r.t) || 0, e: r.e.filter(isEvent) } : undefined;
}

/**
 * The queue of one tab, in memory and under its own key `q.<tab>`. Only this tab writes that key
 * (no lost updates between tabs); another tab may take it over only through `adoptOrphans`.
 */
export function createQueue(store: Store, tab: string, max: number): Queue {
  const key = `q.${tab}`;
  return createEventQueue(max, (events, released) =>
    events ? store.set(key, { t: released ? 0 : Date.now(), e: events } satisfies QueueRecord) : store.del(key),
  );
}
