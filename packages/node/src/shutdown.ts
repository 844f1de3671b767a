import type { IdentifyRequest, TrackedEvent } from '@northstar/core';

export interface ShutdownOptions {
  /** Longest time `shutdown()` spends delivering before it gives up and reports, ms (posthog-node: `shutdown(ms)`). @default 10000 */
  timeoutMs?: number;
}

/** What `shutdown()` could not deliver, and the counts since start. */
export interface ShutdownReport {
  /** Events the server had not confirmed at the deadline, oldest first; handed to `persistence.save` when there is one. */
  undelivered: TrackedEvent[];
  /** `identify()` calls the server did not confirm: still failing at the deadline, given up after retries, or refused. */
  undeliveredIdentifies: IdentifyRequest[];
  /** Events the server confirmed since start. */
  delivered: number;
  /** Events dropped since start because the queue was full. */
  dropped: number;
  /** Events the server refused since start (4xx): never sent again. */
  rejected: number;
  /** True when nothing is left undelivered. */
  complete: boolean;
}

/** The deadline of one shutdown: its time, and a promise that resolves when it passes. */
export interface Deadline {
  at: number;
  reached: Promise<void>;
}

/**
 * Runs `work` until it ends or `timeoutMs` passes; at the deadline `abort` is aborted, which ends every
 * request still running. The deadline's timer keeps
 * the process alive, so an app that awaits shutdown() is not ended halfway by an empty event loop.
 */
export async function drainUntil(timeoutMs: number, abort: AbortController, work: (deadline: Deadline) => Promise<void>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const reached = new Promise<void>((resolve) => {
    timer = setTimeout(
      () => {
        abort.abort();
        resolve();
      },
      Math.max(0, timeoutMs),
    );
  });
  await Promise.race([work({ at: Date.now() + timeoutMs, reached }).catch(() => undefined), reached]);
  clearTimeout(timer);
  // Whatever still runs (an identify waiting out its backoff) ends now.
  abort.abort();
}
