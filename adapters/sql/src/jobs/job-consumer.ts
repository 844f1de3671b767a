import type { Knex } from 'knex';
import type { ConsumeOptions, JobHandler, JobOutcome } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { claimJobs, msUntilNextDue } from './claim-jobs.js';
import { jobOfRow } from './job-table.js';
import type { ClaimedJobRow } from './job-table.js';
import { settleJobRetrying } from './settle-job.js';

/** How a consumer polls the database. */
export interface JobPolling {
  /** First wait after a poll that found nothing due, in ms; doubled after each such poll. @default 50 */
  pollIntervalMs: number;
  /** Longest wait between polls of an idle queue (how late another process's new job can be seen). @default 1000 */
  maxPollIntervalMs: number;
  /** Told about a failed poll or outcome (the consumer keeps going; the job comes back after its visibility). */
  onError(error: unknown): void;
}

/** A running SQL consumer; `wake()` polls at once (a job was enqueued through this process). */
export interface SqlJobConsumer {
  stop(): Promise<void>;
  wake(): void;
}

/** A handler run, with the process-clock moment its delivery's visibility ends (it holds a slot until then). */
interface Run {
  done: Promise<void>;
  visibleUntil: number;
}

/**
 * Polls `queue` for due jobs and hands them to `handler`, at most `concurrency` in hand. A run
 * whose visibility timeout has passed no longer holds a slot (its job may be handed out again).
 * Idle, it waits until the next job is due by the database's clock, at most the backoff, which grows
 * from `pollIntervalMs` to `maxPollIntervalMs` while polls find nothing.
 */
export function startJobConsumer(
  db: Knex,
  dialect: SqlDialect,
  queue: string,
  handler: JobHandler,
  options: ConsumeOptions,
  polling: JobPolling,
): SqlJobConsumer {
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
  const visibilityMs = Math.max(1, Math.floor(options.visibilityTimeoutMs ?? 30_000));
  const runs = new Set<Run>();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let underWay: Promise<void> | undefined;
  let again = false;
  let backoff = polling.pollIntervalMs;

  const inHand = (): Run[] => {
    const now = Date.now();
    return [...runs].filter((run) => run.visibleUntil > now);
  };

  function deliver(row: ClaimedJobRow): void {
    const job = jobOfRow(row);
    const delivery = { id: job.id, attempt: job.attempt };
    // A handler that throws has decided nothing: the job comes back when its visibility ends.
    const done = Promise.resolve()
      .then(() => handler(job))
      .then(
        (outcome: JobOutcome) => settleJobRetrying(db, dialect, delivery, outcome).catch((error: unknown) => polling.onError(error)),
        () => undefined,
      )
      .finally(() => {
        runs.delete(run);
        wake();
      });
    const run: Run = { done, visibleUntil: Date.now() + visibilityMs };
    runs.add(run);
  }

  /** One poll: claims what the free slots take, then decides when to poll next. */
  async function poll(): Promise<void> {
    const free = Math.max(0, concurrency - inHand().length);
    let claimed = 0;
    let waitMs: number;
    try {
      if (free > 0) {
        const rows = await claimJobs(db, dialect, queue, free, visibilityMs);
        claimed = rows.length;
        for (const row of rows) deliver(row);
      }
      if (claimed > 0) backoff = polling.pollIntervalMs;
      if (claimed === free) {
        // Every slot taken: a finished run polls again, or the first visibility to end frees a slot.
        waitMs = Math.min(...inHand().map((run) => run.visibleUntil - Date.now()), polling.maxPollIntervalMs);
      } else {
        const due = await msUntilNextDue(db, dialect, queue);
        waitMs = due !== undefined && due > 0 ? Math.min(due, backoff) : backoff;
        if (claimed === 0) backoff = Math.min(backoff * 2, polling.maxPollIntervalMs);
      }
    } catch (error) {
      if (!stopped) polling.onError(error);
      waitMs = backoff;
      backoff = Math.min(backoff * 2, polling.maxPollIntervalMs);
    }
    schedule(Math.max(0, waitMs));
  }

  function schedule(ms: number): void {
    clearTimeout(timer);
    timer = stopped ? undefined : setTimeout(wake, ms);
  }

  /** Polls now, or right after the poll under way. */
  function wake(): void {
    if (stopped) return;
    if (underWay) {
      again = true;
      return;
    }
    clearTimeout(timer);
    underWay = poll().finally(() => {
      underWay = undefined;
      if (again) {
        again = false;
        wake();
      }
    });
  }

  queueMicrotask(wake);
  return {
    wake() {
      backoff = polling.pollIntervalMs;
      wake();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      // A claim under way hands its jobs to runs, which are then in hand too.
      await underWay;
      await Promise.all(inHand().map((run) => run.done));
    },
  };
}
