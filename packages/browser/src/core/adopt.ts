import type { TrackedEvent } from '@northstar/core';
import { readRecord } from './queue.js';
import type { Store } from './storage.js';

/** Without Web Locks, a queue nobody wrote for this long (and not released) counts as abandoned, ms. */
export const STALE_AFTER = 300_000;

type Locks = Pick<LockManager, 'request'>;
/** Web Locks; undefined where the browser has none. Only called on a started client: there is a navigator. */
const locks = (): Locks | undefined => navigator.locks;

/**
 * Holds the Web Lock `name` until the returned function is called. The browser releases it by itself
 * when the tab closes or crashes: that is how other tabs know this tab's queue has no owner.
 */
export function holdLock(name: string): () => void {
  // Set at once: a promise runs its executor before the constructor returns.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  locks()
    ?.request(name, () => held)
    .catch(() => undefined);
  return release;
}

/**
 * Takes over the queues of tabs that are gone. A queue `q.<id>` is adopted only while holding the
 * Web Lock of tab `<id>` (`lockPrefix + id`), which its owner holds for its whole life: a live tab's
 * queue is never touched, and two tabs never adopt the same queue at once. `take` must persist the
 * events before it returns; the orphan's key is removed after that, so a crash in between can only
 * duplicate (the server drops duplicates by uuid), never lose. Without Web Locks, a queue is adopted
 * once its owner released it (pagehide, destroy) or wrote nothing for STALE_AFTER.
 */
export function adoptOrphans(store: Store, own: string, lockPrefix: string, take: (events: TrackedEvent[]) => void): void {
  const l = locks();
  for (const name of store.names()) {
    const id = name.startsWith('q.') && name.slice(2);
    if (!id || id === own) continue;
    const adopt = (stale?: boolean): void => {
      const record = readRecord(store.get(name));
      if (!record || (stale && Date.now() - record.t < STALE_AFTER)) return;
      take(record.e);
      store.del(name);
    };
    if (l) l.request(lockPrefix + id, { ifAvailable: true }, (lock) => lock && adopt()).catch(() => undefined);
    else adopt(true);
  }
}

/** How often a tab looks for queues that closed tabs left behind, ms (and once 1 s after start). */
const ADOPT_EVERY = 5_000;

/**
 * Runs `adoptOrphans` now, after 1 s (the page before a reload may still hold its lock for a moment)
 * and every ADOPT_EVERY while `on()`. Returns the teardown.
 */
export function watchOrphans(on: () => boolean, ...args: Parameters<typeof adoptOrphans>): () => void {
  const scan = (): void => void (on() && adoptOrphans(...args));
  const soon = setTimeout(scan, 1000);
  const every = setInterval(scan, ADOPT_EVERY);
  scan();
  return () => {
    clearTimeout(soon);
    clearInterval(every);
  };
}
