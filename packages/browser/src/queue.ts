import type { TrackedEvent } from '@northstar/core';
import { load, save } from './storage.js';

export interface Queue {
  /** Undelivered events, oldest first. */
  items: TrackedEvent[];
  /** Appends; past `max` events the oldest is dropped. Returns false when one was dropped. */
  push(event: TrackedEvent): boolean;
  /** Removes these exact event objects (delivered or rejected). */
  remove(events: readonly TrackedEvent[]): void;
  /** Writes the whole queue to localStorage; callers batch this off the track() path. */
  save(): void;
}

const isEvent = (e: unknown): e is TrackedEvent =>
  typeof e === 'object' && e !== null && typeof (e as TrackedEvent).event_name === 'string';

/** The in-memory queue, restored from what a previous page view left in localStorage under `key`. */
export function createQueue(key: string, max: number): Queue {
  const stored = load(key);
  const q: Queue = {
    items: Array.isArray(stored) ? stored.filter(isEvent).slice(-max) : [],
    push(event) {
      if (q.items.push(event) <= max) return true;
      q.items.shift();
      return false;
    },
    remove(events) {
      const gone = new Set(events);
      q.items = q.items.filter((e) => !gone.has(e));
    },
    save: () => save(key, q.items),
  };
  return q;
}
