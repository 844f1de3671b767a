import type { Knex } from 'knex';
import type { ConsumeOptions, JobHandler, JobQueue, NewJob } from '@northstar/server';
import { toDialect } from '../dialects/index.js';
import type { SqlDialect, SqlDialectName } from '../dialects/sql-dialect.js';
import { enqueueJob } from './enqueue-job.js';
import { startJobConsumer } from './job-consumer.js';
import type { SqlJobConsumer } from './job-consumer.js';
import { deleteExpiredFailures } from './settle-job.js';

export interface SqlJobQueueOptions {
  /** First wait after a poll that found nothing due, in ms; doubled after each such poll. @default 50 */
  pollIntervalMs?: number;
  /** Longest wait between polls of an idle queue: how late a job enqueued by another process may be seen. @default 1000 */
  maxPollIntervalMs?: number;
  /** How long failed jobs are kept (readable in `ns_jobs`, their idempotency keys taken), in ms. @default 30 days */
  failedRetentionMs?: number;
  /** How often failed jobs past their retention are deleted, in ms. @default 3600000 */
  cleanupEveryMs?: number;
  /** Told about a failed poll or outcome write; the consumer keeps going. @default console.error */
  onError?: (error: unknown) => void;
}

/** The port's consumer handle (the root of `@northstar/server` exports the app's `JobConsumer` under that name). */
type QueueConsumer = ReturnType<JobQueue['consume']>;

const DAY_MS = 86_400_000;

/**
 * The durable job queue in table `ns_jobs` (docs/job-queue.md): every process on the database shares
 * it. At-least-once: a job is deleted when acked; one whose delivery's visibility timeout ends comes
 * back with the next attempt. Consumers poll; one started in this process is also woken by this
 * queue's own enqueues.
 */
export function createSqlJobQueue(
  db: Knex,
  dialectOrName: SqlDialect | SqlDialectName,
  options: SqlJobQueueOptions = {},
): JobQueue & { dispose(): Promise<void> } {
  const dialect = toDialect(dialectOrName);
  const polling = {
    pollIntervalMs: Math.max(1, options.pollIntervalMs ?? 50),
    maxPollIntervalMs: Math.max(1, options.maxPollIntervalMs ?? 1_000),
    onError: options.onError ?? ((error: unknown) => console.error('northstar job queue:', error)),
  };
  const retentionMs = options.failedRetentionMs ?? 30 * DAY_MS;
  const consumers = new Map<QueueConsumer, { queue: string; consumer: SqlJobConsumer }>();
  const cleanup = setInterval(() => void deleteExpiredFailures(db, dialect, retentionMs), options.cleanupEveryMs ?? 3_600_000);
  cleanup.unref();

  return {
    async enqueue(job: NewJob) {
      const result = await enqueueJob(db, dialect, job);
      if (result.created) for (const { queue, consumer } of consumers.values()) if (queue === job.queue) consumer.wake();
      return result;
    },
    consume(queue: string, handler: JobHandler, consumeOptions: ConsumeOptions = {}) {
      const consumer = startJobConsumer(db, dialect, queue, handler, consumeOptions, polling);
      const handle: QueueConsumer = {
        stop() {
          consumers.delete(handle);
          return consumer.stop();
        },
      };
      consumers.set(handle, { queue, consumer });
      return handle;
    },
    async dispose() {
      clearInterval(cleanup);
      await Promise.all([...consumers.keys()].map((handle) => handle.stop()));
    },
  };
}
