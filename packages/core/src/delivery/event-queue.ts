import type { TrackedEvent } from '../event.js';
import { uuidv7 } from '../uuid-v7.js';

/** Properties split by wire type, as events carry them (`str_properties`, `num_properties`). */
export interface PropertyMaps {
  str: Record<string, string>;
  num: Record<string, number>;
}

/**
 * What a push leaves to finish later: the uuid, the ISO time and the merged property maps are made
 * when the queue is next read (a send, a write), off the caller's path. `base` is the context at the
 * call (replaced, never mutated, when it changes); `own` the caller's properties.
 */
interface Draft {
  e: TrackedEvent;
  t: number;
  base: PropertyMaps;
  own: PropertyMaps;
}

export interface EventQueue {
  /** Undelivered events, oldest first; the newest may be unfinished: read them through `ready()`. */
  items: TrackedEvent[];
  /** Appends an event made at `time`, finished later; past `max` the oldest is dropped. Returns false when one was. */
  push(event: TrackedEvent, time: number, base: PropertyMaps, own: PropertyMaps): boolean;
  /** Appends an event already finished (see `finishEvent`); past `max` the oldest is dropped. Returns false when one was. */
  add(event: TrackedEvent): boolean;
  /** `items`, every event finished (uuid, timestamp, properties). */
  ready(): TrackedEvent[];
  /** Removes these exact event objects (delivered or rejected). */
  remove(events: readonly TrackedEvent[]): void;
  /** Takes over events stored by another owner: placed by time, duplicates (same uuid) skipped. Returns how many were dropped. */
  absorb(events: readonly TrackedEvent[]): number;
  /** Hands the finished events to the queue's writer (undefined when empty); `released`: free for another owner to take. */
  save(released?: boolean): void;
  clear(): void;
}

/** Keeps a queue's events across restarts: `events` undefined means empty (remove the stored copy). */
export type QueueWriter = (events: TrackedEvent[] | undefined, released?: boolean) => void;

/** Finishes an event in place: its uuid (unless it has one), ISO time and merged property maps. */
export function finishEvent(e: TrackedEvent, t: number, base: PropertyMaps, own: PropertyMaps): TrackedEvent {
  e.uuid ??= uuidv7(t);
  e.timestamp = new Date(t).toISOString();
  e.str_properties = Object.assign({}, base.str, own.str);
  e.num_properties = Object.assign({}, base.num, own.num);
  return e;
}

/**
 * An in-memory queue of at most `max` events, oldest dropped first, whose pushes cost no uuid, date or
 * property merge until the queue is read. Environment-neutral: `write` decides where it is kept
 * (localStorage in the browser, nothing or a file elsewhere).
 */
export function createEventQueue(max: number, write: QueueWriter): EventQueue {
  let drafts: Draft[] = [];
  /** Drafts whose event was dropped (max) before being finished: never finished. */
  let skip = 0;
  const q: EventQueue = {
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
      for (const { e, t, base, own } of drafts.slice(skip)) finishEvent(e, t, base, own);
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
      write(q.items.length ? q.ready() : undefined, released);
    },
    clear() {
      q.items = [];
      drafts = [];
      skip = 0;
      write(undefined);
    },
  };
  return q;
}
