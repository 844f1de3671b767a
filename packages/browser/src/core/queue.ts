import { uuidv7 } from '@northstar/core';
import type { TrackedEvent } from '@northstar/core';
import type { PageContext } from './context.js';
import type { Store } from './storage.js';

/**
 * What track() leaves to finish later: the uuid, the ISO time and the merged property maps are made
 * when the queue is next read (a send, a write, a beacon), off the call path. `base` is the page and
 * user context at the call (replaced, never mutated, when it changes); `own` the caller's properties.
 */
interface Draft {
  e: TrackedEvent;
  t: number;
  base: PageContext;
  own: PageContext;
}

/** What a tab stores under `q.<tab id>`: its undelivered events and when it last wrote them. */
export interface QueueRecord {
  /** Time of the last write, ms; 0 once the tab has let go of the queue (pagehide, destroy). */
  t: number;
  e: TrackedEvent[];
}

export interface Queue {
  /** Undelivered events, oldest first; the newest may be unfinished: read them through `ready()`. */
  items: TrackedEvent[];
  /** Appends an event made at `time`, finished later; past `max` the oldest is dropped. Returns false when one was. */
  push(event: TrackedEvent, time: number, base: PageContext, own: PageContext): boolean;
  /** Appends an event already finished (see `finish`); past `max` the oldest is dropped. Returns false when one was. */
  add(event: TrackedEvent): boolean;
  /** `items`, every event finished (uuid, timestamp, properties). */
  ready(): TrackedEvent[];
  /** Removes these exact event objects (delivered or rejected). */
  remove(events: readonly TrackedEvent[]): void;
  /** Takes over events another tab left behind: placed by time, duplicates (same uuid) skipped. */
  absorb(events: readonly TrackedEvent[]): number;
  /** Writes this tab's record (removed when empty); `released` marks it as free to adopt. */
  save(released?: boolean): void;
  clear(): void;
}

export const isEvent = (e: unknown): e is TrackedEvent =>
  typeof e === 'object' && e !== null && typeof (e as TrackedEvent).event_name === 'string';

/** Finishes an event in place: its uuid (unless it has one), ISO time and merged property maps. */
export function finish(e: TrackedEvent, t: number, base: PageContext, own: PageContext): TrackedEvent {
  e.uuid ??= uuidv7(t);
  e.timestamp = new Date(t).toISOString();
  e.str_properties = Object.assign({}, base.str, own.str);
  e.num_properties = Object.assign({}, base.num, own.num);
  return e;
}

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
  let drafts: Draft[] = [];
  /** Drafts whose event was dropped (maxQueueSize) before being finished: never finished. */
  let skip = 0;
  const q: Queue = {
    items: [],
    push(e, t, base, own) {
      drafts.push({ e, t, base, own });
      return q.add(e);
    },
    add(e) {
      if (q.items.push(e) <= max) return true;
      // The oldest event, when unfinished, is the oldest draft.
      if (q.items.shift()?.timestamp === undefined) skip++;
      return false;
    },
    ready() {
      for (const { e, t, base, own } of drafts.slice(skip)) finish(e, t, base, own);
      drafts = [];
      skip = 0;
      return q.items;
    },
    remove(events) {
      const gone = new Set(events);
      q.items = q.items.filter((e) => !gone.has(e));
    },
    absorb(events) {
      q.ready();
      const known = new Set(q.items.map((e) => e.uuid));
      const fresh = events.filter((e) => !known.has(e.uuid));
      const all = [...fresh, ...q.items].sort((a, b) => (a.timestamp ?? '').localeCompare(b.timestamp ?? ''));
      q.items = all.slice(-max);
      return all.length - q.items.length;
    },
    save(released) {
      if (!q.items.length) store.del(key);
      else store.set(key, { t: released ? 0 : Date.now(), e: q.ready() } satisfies QueueRecord);
    },
    clear() {
      q.items = [];
      drafts = [];
      skip = 0;
      store.del(key);
    },
  };
  return q;
}
