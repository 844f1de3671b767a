import { performance } from 'node:perf_hooks';
import type { StoredEvent } from '../ports/index.js';

export interface GroupCommitOptions {
  /** Writes one batch durably; called once per batch, never with an empty list. */
  write(events: StoredEvent[]): Promise<unknown>;
  /**
   * The longest the first request of a batch waits for others to join it while a write slot is free,
   * in ms. The wait is also never longer than the previous write took: gathering only pays off when a
   * write costs more than the wait (a database commit, not an in-memory store). Below 1 ms there is
   * no timer: the batch closes once the requests received in this turn of the event loop have joined it.
   */
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
  /** Settles once the batch is written; every request of the batch awaits this one promise. */
  done: Promise<void>;
  settle: { resolve: () => void; reject: (error: unknown) => void };
  /** Cancels the window of a batch opened while a slot was free; absent when it gathered while all were busy. */
  cancelWindow?: () => void;
}

function newBatch(): Batch {
  let settle: Batch['settle'] = { resolve: () => {}, reject: () => {} };
  const done = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  return { events: [], done, settle };
}

/**
 * Group commit: requests arriving within the window of each other, or while earlier batches are being
 * written, share one `write`. A request is never split across batches; one larger than `maxEvents`
 * is written on its own.
 */
export function createGroupCommitter(options: GroupCommitOptions): GroupCommitter {
  let open: Batch | undefined;
  const ready: Batch[] = [];
  const inFlight = new Set<Promise<void>>();
  /** Duration of the last write, in ms; until the first write, the full window. */
  let lastWriteMs = options.windowMs;

  function start(batch: Batch): void {
    const started = performance.now();
    const written = Promise.resolve()
      .then(() => options.write(batch.events))
      .then(batch.settle.resolve, batch.settle.reject)
      .finally(() => {
        lastWriteMs = performance.now() - started;
        inFlight.delete(written);
        // A batch that gathered while every slot was busy goes now: it has waited long enough.
        if (ready.length === 0 && open && open.cancelWindow === undefined) close(open);
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
    batch.cancelWindow?.();
    if (open === batch) open = undefined;
    ready.push(batch);
    pump();
  }

  function openBatch(): Batch {
    const batch = newBatch();
    // With a free slot the batch waits the window; otherwise it is closed when a slot frees up.
    if (inFlight.size < options.maxConcurrentWrites) {
      const windowMs = Math.floor(Math.min(options.windowMs, lastWriteMs));
      if (windowMs >= 1) {
        const timer = setTimeout(() => close(batch), windowMs);
        batch.cancelWindow = () => clearTimeout(timer);
      } else {
        const immediate = setImmediate(() => close(batch));
        batch.cancelWindow = () => clearImmediate(immediate);
      }
    }
    open = batch;
    return batch;
  }

  return {
    commit(events) {
      if (events.length === 0) return Promise.resolve();
      if (open && open.events.length + events.length > options.maxEvents) close(open);
      const batch = open ?? openBatch();
      for (const event of events) batch.events.push(event);
      if (batch.events.length >= options.maxEvents) close(batch);
      return batch.done;
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
