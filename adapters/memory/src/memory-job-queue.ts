import type { ConsumeOptions, Job, JobHandler, JobOutcome, JobQueue, JsonObject, NewJob } from '@northstar/server';

/** The port's consumer handle (the root of `@northstar/server` exports the app's `JobConsumer` under that name). */
type QueueConsumer = ReturnType<JobQueue['consume']>;

/** A job as the queue keeps it. */
interface StoredJob {
  id: string;
  queue: string;
  payload: JsonObject;
  idempotencyKey: string | undefined;
  attempt: number;
  createdAt: number;
  /** `ready`: waiting for `availableAt`; `taken`: in a handler's hands until `leaseUntil`; `failed`: kept, never handed out again. */
  state: 'ready' | 'taken' | 'failed';
  availableAt: number;
  leaseUntil: number;
  /** Changes on every delivery: the outcome of an attempt whose lease expired is ignored. */
  lease: number;
  failure?: string;
}

/** Start of the jobs handed out per `queue`: ready and due, or taken with an expired lease, oldest first. */
function nextJob(jobs: Iterable<StoredJob>, queue: string, now: number): StoredJob | undefined {
  let next: StoredJob | undefined;
  for (const job of jobs) {
    if (job.queue !== queue) continue;
    const due = job.state === 'ready' ? job.availableAt : job.state === 'taken' ? job.leaseUntil : Infinity;
    if (due > now) continue;
    if (!next || job.createdAt < next.createdAt) next = job;
  }
  return next;
}

/** The next moment after `now` when something becomes due in `queue` (a delayed job, a lease ending), or undefined. */
function nextWake(jobs: Iterable<StoredJob>, queue: string, now: number): number | undefined {
  let wake: number | undefined;
  for (const job of jobs) {
    if (job.queue !== queue || job.state === 'failed') continue;
    const at = job.state === 'ready' ? job.availableAt : job.leaseUntil;
    if (at > now) wake = wake === undefined ? at : Math.min(wake, at);
  }
  return wake;
}

const view = (job: StoredJob): Job => ({ id: job.id, queue: job.queue, payload: structuredClone(job.payload), attempt: job.attempt, createdAt: job.createdAt });

/**
 * The job queue in process, on timers and `Date.now()`: at-least-once delivery, delays, idempotency
 * keys, retries, failures kept, and visibility timeouts, as the SQL queue does across processes.
 * Acked jobs are forgotten; failed ones stay (their idempotency key with them).
 */
export function createMemoryJobQueue(): JobQueue & { clear(): void; dispose(): Promise<void> } {
  const jobs = new Map<string, StoredJob>();
  const pumps = new Set<() => void>();
  const consumers = new Set<QueueConsumer>();
  let ids = 0;
  let leases = 0;

  function settle(job: StoredJob, lease: number, outcome: JobOutcome): void {
    if (job.lease !== lease || jobs.get(job.id) !== job) return;
    if ('ack' in outcome) jobs.delete(job.id);
    else if ('fail' in outcome) Object.assign(job, { state: 'failed', failure: outcome.fail });
    else Object.assign(job, { state: 'ready', availableAt: Date.now() + Math.max(0, outcome.retryInMs) });
  }

  function consume(queue: string, handler: JobHandler, options: ConsumeOptions = {}): QueueConsumer {
    const concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
    const visibility = options.visibilityTimeoutMs ?? 30_000;
    /** Handler runs, with the delivery each one holds. */
    const runs = new Map<Promise<void>, { job: StoredJob; lease: number }>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    /** Runs whose lease is still theirs: a run past its visibility timeout no longer holds a slot. */
    const inHand = (): Promise<void>[] => {
      const now = Date.now();
      return [...runs].filter(([, held]) => held.job.lease === held.lease && held.job.state === 'taken' && held.job.leaseUntil > now).map(([run]) => run);
    };

    function deliver(job: StoredJob): void {
      const lease = (leases += 1);
      Object.assign(job, { state: 'taken', attempt: job.attempt + 1, leaseUntil: Date.now() + visibility, lease });
      // A handler that throws has decided nothing: the job comes back when its lease ends.
      const run: Promise<void> = Promise.resolve()
        .then(() => handler(view(job)))
        .then(
          (outcome) => settle(job, lease, outcome),
          () => undefined,
        )
        .finally(() => {
          runs.delete(run);
          pump();
        });
      runs.set(run, { job, lease });
    }

    function pump(): void {
      if (stopped) return;
      for (let job = nextJob(jobs.values(), queue, Date.now()); job && inHand().length < concurrency; job = nextJob(jobs.values(), queue, Date.now()))
        deliver(job);
      clearTimeout(timer);
      const now = Date.now();
      const wake = nextWake(jobs.values(), queue, now);
      timer = wake === undefined ? undefined : setTimeout(pump, wake - now + 1);
    }

    const consumer: QueueConsumer = {
      async stop() {
        stopped = true;
        clearTimeout(timer);
        pumps.delete(pump);
        consumers.delete(consumer);
        await Promise.all(inHand());
      },
    };
    pumps.add(pump);
    consumers.add(consumer);
    queueMicrotask(pump);
    return consumer;
  }

  return {
    enqueue(input: NewJob) {
      const existing =
        input.idempotencyKey === undefined
          ? undefined
          : [...jobs.values()].find((job) => job.queue === input.queue && job.idempotencyKey === input.idempotencyKey);
      if (existing) return Promise.resolve({ id: existing.id, created: false });
      const now = Date.now();
      const id = `job-${(ids += 1)}`;
      const job: StoredJob = {
        id,
        queue: input.queue,
        payload: structuredClone(input.payload),
        idempotencyKey: input.idempotencyKey,
        attempt: 0,
        createdAt: now,
        state: 'ready',
        availableAt: now + Math.max(0, input.delayMs ?? 0),
        leaseUntil: 0,
        lease: 0,
      };
      jobs.set(id, job);
      for (const pump of pumps) queueMicrotask(pump);
      return Promise.resolve({ id, created: true });
    },
    consume,
    async dispose() {
      await Promise.all([...consumers].map((consumer) => consumer.stop()));
      jobs.clear();
    },
    clear() {
      jobs.clear();
    },
  };
}
