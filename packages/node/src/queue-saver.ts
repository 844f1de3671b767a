import type { TrackedEvent } from '@northstar/core';
import type { QueuePersistence } from './options.js';

export interface QueueSaver {
  /** The queue changed: save it within the interval (one save for many changes). */
  schedule(): void;
  /** Saves these events now, after any save in progress; resolves when stored (errors are reported, not thrown). */
  saveNow(events: TrackedEvent[]): Promise<void>;
}

/**
 * Writes the queue through the app's `persistence.save`, at most once per `interval` and one call at
 * a time, so a burst of events costs one write. Without persistence it does nothing.
 */
export function createQueueSaver(
  persistence: QueuePersistence | undefined,
  interval: number,
  snapshot: () => TrackedEvent[],
  onError: (error: unknown) => void,
): QueueSaver {
  let chain = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = (events: () => TrackedEvent[]): Promise<void> =>
    (chain = chain.then(async () => {
      try {
        await persistence?.save(events());
      } catch (error) {
        onError(error);
      }
    }));
  return {
    schedule() {
      if (!persistence || timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        // The snapshot is taken when the write starts, so it holds every change made until then.
        void write(() => [...snapshot()]);
      }, interval);
      (timer as { unref?: () => void }).unref?.();
    },
    saveNow(events) {
      clearTimeout(timer);
      timer = undefined;
      return persistence ? write(() => events) : Promise.resolve();
    },
  };
}
