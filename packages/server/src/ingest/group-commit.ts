import type { StoredEvent } from '../ports/index.js';

export interface GroupCommitOptions {
  /** Writes one batch durably; called once per batch, never with an empty list. */
  write(events: StoredEvent[]): Promise<unknown>;
  /** How long the first request of a batch waits for others to join it while a write slot is free, in ms. */
  windowMs: number;
  /** A batch reaching this many events is closed at once, before its window ends. */
  maxEvents: number;
  /** Batches being written at the same time; while all slots are busy, new requests gather into the next batch. */
  maxConcurrentWrites: number;
}

export interface GroupCommitter {
  /**
   * Adds the events of one request to the open batch. Resolves once that batch is written;
   * rejects with the batch's error, as does every other request of the same batch.
   */
  commit(events: StoredEvent[]): Promise<void>;
  /** Writes what is open now and waits for every batch (for shutdown and tests). */
  flush(): Promise<void>;
}

interface Batch {
  events: StoredEvent[];
  waiters: { resolve: () => void; reject: (error: unknown) => void }[];
  timer?: NodeJS.Timeout;
}

/**
 * Group commit: requests arriving within `windowMs` of each other, or while earlier batches are being
 * written, share one `write`. A request is never split across batches; one larger than `maxEvents`
 * is written on its own.
 */
export function createGroupCommitter(options: GroupCommitOptions): GroupCommitter {
  let open: Batch | undefined;
  const ready: Batch[] = [];
  const inFlight = new Set<Promise<void>>();

  function start(batch: Batch): void {
    const written = Promise.resolve()
      .then(() => options.write(batch.events))
      .then(
        () => batch.waiters.forEach((waiter) => waiter.resolve()),
        (error: unknown) => batch.waiters.forEach((waiter) => waiter.reject(error)),
      )
      .finally(() => {
        inFlight.delete(written);
        // A batch that gathered while every slot was busy goes now: it has waited long enough.
        if (ready.length === 0 && open && open.timer === undefined) close(open);
        else pump();
      });
    inFlight.add(written);
  }

  function pump(): void {
    while (inFlight.size < options.maxConcurrentWrites) {
      const batch = ready.shift();
      if (!batch) return;
      start(batch);
    }
  }

  function close(batch: Batch): void {
    clearTimeout(batch.timer);
    if (open === batch) open = undefined;
    ready.push(batch);
    pump();
  }

  function openBatch(): Batch {
    const batch: Batch = { events: [], waiters: [] };
    // With a free slot the batch waits the window; otherwise it is closed when a slot frees up.
    if (inFlight.size < options.maxConcurrentWrites) batch.timer = setTimeout(() => close(batch), options.windowMs);
    open = batch;
    return batch;
  }

  return {
    commit(events) {
      if (events.length === 0) return Promise.resolve();
      if (open && open.events.length + events.length > options.maxEvents) close(open);
      const batch = open ?? openBatch();
      for (const event of events) batch.events.push(event);
      const done = new Promise<void>((resolve, reject) => batch.waiters.push({ resolve, reject }));
      if (batch.events.length >= options.maxEvents) close(batch);
      return done;
    },

    async flush() {
      if (open) close(open);
      while (inFlight.size > 0 || ready.length > 0) {
        pump();
        await Promise.all([...inFlight]);
      }
    },
  };
}
