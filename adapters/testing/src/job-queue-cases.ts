import { expect, it, vi } from 'vitest';
import type { Job, JobHandler, JobOutcome } from '@northstar/server';
import type { ConformanceContext } from './conformance-context.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `assertion` holds: a queue on a database polls, so a delivery comes when it comes. */
const eventually = (assertion: () => void) => vi.waitFor(assertion, { timeout: 10_000, interval: 20 });

/** A pause after which an unwanted delivery would have shown: several polls of a database queue. */
const QUIET_MS = 150;

/** A handler that records each job it is handed and answers `decide(job)`. */
function recorder(decide: (job: Job) => JobOutcome | Promise<JobOutcome> = () => ({ ack: true })) {
  const seen: Job[] = [];
  const handler: JobHandler = async (job) => {
    seen.push(job);
    return decide(job);
  };
  return { seen, handler };
}

/** A promise with its resolve function, to hold a handler until the case releases it. */
function gate<T>() {
  let open: (value: T) => void = () => undefined;
  const promise = new Promise<T>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/**
 * `JobQueue`: at-least-once delivery with delays, idempotency keys, retries, failures kept, visibility
 * timeouts and concurrency. Real timers with short delays and timeouts; every case waits for
 * conditions and never measures a duration, so a queue on a database (polling) passes them too. A
 * durable adapter (one with `reopen`) also shows that its jobs live in the database: they outlast
 * an adapter, and two adapters on one database (two processes) share its queues without handing one
 * job to both.
 */
export function jobQueueCases({ ports, durable, reopen }: ConformanceContext): void {
  it('hands an enqueued job to a consumer of its queue once, with its payload and attempt 1', async () => {
    const { jobs } = ports();
    const { seen, handler } = recorder();
    const before = Date.now();
    const { id, created } = await jobs.enqueue({ queue: 'mail', payload: { to: 'ann@example.com', tags: ['a', 1, null] } });
    expect(created).toBe(true);
    const consumer = jobs.consume('mail', handler);
    await eventually(() => expect(seen).toHaveLength(1));
    await sleep(QUIET_MS);
    await consumer.stop();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ id, queue: 'mail', payload: { to: 'ann@example.com', tags: ['a', 1, null] }, attempt: 1 });
    expect(seen[0]!.createdAt).toBeGreaterThanOrEqual(before);
  });

  it('hands a job only to consumers of its own queue', async () => {
    const { jobs } = ports();
    const mail = recorder();
    const hooks = recorder();
    const consumers = [jobs.consume('mail', mail.handler), jobs.consume('hooks', hooks.handler)];
    await jobs.enqueue({ queue: 'hooks', payload: { n: 1 } });
    await eventually(() => expect(hooks.seen).toHaveLength(1));
    await sleep(QUIET_MS);
    await Promise.all(consumers.map((consumer) => consumer.stop()));
    expect(mail.seen).toEqual([]);
  });

  it('holds a delayed job back until its delay has passed, and then hands it out', async () => {
    const { jobs } = ports();
    const { seen, handler } = recorder();
    const consumer = jobs.consume('later', handler);
    const { id: farOff } = await jobs.enqueue({ queue: 'later', payload: { n: 1 }, delayMs: 600_000 });
    const { id: soon } = await jobs.enqueue({ queue: 'later', payload: { n: 2 }, delayMs: 50 });
    const { id: now } = await jobs.enqueue({ queue: 'later', payload: { n: 3 } });
    await eventually(() => expect(seen.map((job) => job.id).sort()).toEqual([now, soon].sort()));
    await sleep(QUIET_MS);
    await consumer.stop();
    expect(seen.map((job) => job.id)).not.toContain(farOff);
  });

  it('creates one job per idempotency key and queue while the first exists', async () => {
    const { jobs } = ports();
    const first = await jobs.enqueue({ queue: 'q', payload: { n: 1 }, idempotencyKey: 'k' });
    expect(await jobs.enqueue({ queue: 'q', payload: { n: 2 }, idempotencyKey: 'k' })).toEqual({ id: first.id, created: false });
    const elsewhere = await jobs.enqueue({ queue: 'other', payload: {}, idempotencyKey: 'k' });
    expect(elsewhere.created).toBe(true);
    expect(elsewhere.id).not.toBe(first.id);
    const { seen, handler } = recorder();
    const consumer = jobs.consume('q', handler);
    await eventually(() => expect(seen).toHaveLength(1));
    await sleep(QUIET_MS);
    await consumer.stop();
    expect(seen.map((job) => job.payload)).toEqual([{ n: 1 }]);
  });

  it('creates one job when the same idempotency key is enqueued many times at once', async () => {
    const { jobs } = ports();
    const other = durable() ? await reopen() : undefined;
    try {
      const queues = [jobs, other?.jobs ?? jobs];
      const results = await Promise.all(Array.from({ length: 20 }, (_, n) => queues[n % 2]!.enqueue({ queue: 'q', payload: { n }, idempotencyKey: 'race' })));
      expect(results.filter((result) => result.created)).toHaveLength(1);
      expect(new Set(results.map((result) => result.id)).size).toBe(1);
    } finally {
      await other?.dispose();
    }
  });

  it('frees an idempotency key once its job is acked', async () => {
    const { jobs } = ports();
    const { seen, handler } = recorder();
    const first = await jobs.enqueue({ queue: 'q', payload: { n: 1 }, idempotencyKey: 'k' });
    const consumer = jobs.consume('q', handler);
    await eventually(() => expect(seen).toHaveLength(1));
    // The ack is written after the handler returns: the key is free once it is.
    let again = await jobs.enqueue({ queue: 'q', payload: { n: 2 }, idempotencyKey: 'k' });
    for (let tries = 0; !again.created && tries < 100; tries++) {
      await sleep(20);
      again = await jobs.enqueue({ queue: 'q', payload: { n: 2 }, idempotencyKey: 'k' });
    }
    expect(again.created).toBe(true);
    expect(again.id).not.toBe(first.id);
    await eventually(() => expect(seen.map((job) => job.payload)).toEqual([{ n: 1 }, { n: 2 }]));
    await consumer.stop();
  });

  it('hands a retried job out again after `retryInMs`, as the next attempt of the same id', async () => {
    const { jobs } = ports();
    const { seen, handler } = recorder((job) => (job.attempt < 3 ? { retryInMs: 30 } : { ack: true }));
    const { id } = await jobs.enqueue({ queue: 'q', payload: {} });
    const consumer = jobs.consume('q', handler);
    await eventually(() => expect(seen).toHaveLength(3));
    await sleep(QUIET_MS);
    await consumer.stop();
    expect(seen.map((job) => [job.id, job.attempt])).toEqual([
      [id, 1],
      [id, 2],
      [id, 3],
    ]);
  });

  it('holds a retried job back until its retry delay has passed', async () => {
    const { jobs } = ports();
    const { seen, handler } = recorder((job) => (job.payload.n === 1 ? { retryInMs: 600_000 } : { ack: true }));
    const { id: retried } = await jobs.enqueue({ queue: 'q', payload: { n: 1 } });
    const consumer = jobs.consume('q', handler);
    await eventually(() => expect(seen).toHaveLength(1));
    const { id: next } = await jobs.enqueue({ queue: 'q', payload: { n: 2 } });
    await eventually(() => expect(seen.map((job) => job.id)).toContain(next));
    await sleep(QUIET_MS);
    await consumer.stop();
    expect(seen.filter((job) => job.id === retried)).toHaveLength(1);
  });

  it('never hands a failed job out again, and keeps it (its idempotency key still taken)', async () => {
    const { jobs } = ports();
    const { seen, handler } = recorder(() => ({ fail: 'target gone' }));
    const { id } = await jobs.enqueue({ queue: 'q', payload: {}, idempotencyKey: 'once' });
    const consumer = jobs.consume('q', handler);
    await eventually(() => expect(seen).toHaveLength(1));
    await sleep(QUIET_MS);
    await consumer.stop();
    expect(seen).toHaveLength(1);
    expect(await jobs.enqueue({ queue: 'q', payload: {}, idempotencyKey: 'once' })).toEqual({ id, created: false });
  });

  it('gives a job back when its visibility timeout ends without an outcome, and ignores that late outcome', async () => {
    const { jobs } = ports();
    const held = gate<JobOutcome>();
    const { seen, handler } = recorder((job) => (job.attempt === 1 ? held.promise : { ack: true }));
    await jobs.enqueue({ queue: 'q', payload: {} });
    const consumer = jobs.consume('q', handler, { visibilityTimeoutMs: 60 });
    await eventually(() => expect(seen).toHaveLength(2));
    expect(seen.map((job) => job.attempt)).toEqual([1, 2]);
    expect(seen[1]!.id).toBe(seen[0]!.id);
    held.open({ retryInMs: 0 });
    await sleep(QUIET_MS);
    await consumer.stop();
    expect(seen).toHaveLength(2);
  });

  it('keeps a job in hand from every other consumer while its visibility lasts', async () => {
    const { jobs } = ports();
    const held = gate<JobOutcome>();
    const { seen, handler } = recorder((job) => (job.payload.n === 1 ? held.promise : { ack: true }));
    const { id: slow } = await jobs.enqueue({ queue: 'q', payload: { n: 1 } });
    const consumers = [jobs.consume('q', handler, { concurrency: 2 }), jobs.consume('q', handler, { concurrency: 2 })];
    await eventually(() => expect(seen).toHaveLength(1));
    const { id: next } = await jobs.enqueue({ queue: 'q', payload: { n: 2 } });
    await eventually(() => expect(seen.map((job) => job.id)).toContain(next));
    await sleep(QUIET_MS);
    held.open({ ack: true });
    await Promise.all(consumers.map((consumer) => consumer.stop()));
    expect(seen.filter((job) => job.id === slow)).toHaveLength(1);
  });

  it('gives a job back after its visibility timeout when the handler throws', async () => {
    const { jobs } = ports();
    const { seen, handler } = recorder((job) => {
      if (job.attempt === 1) throw new Error('handler bug');
      return { ack: true };
    });
    await jobs.enqueue({ queue: 'q', payload: {} });
    const consumer = jobs.consume('q', handler, { visibilityTimeoutMs: 60 });
    await eventually(() => expect(seen).toHaveLength(2));
    await consumer.stop();
    expect(seen.map((job) => job.attempt)).toEqual([1, 2]);
  });

  it('handles at most `concurrency` jobs at once, and every job once', async () => {
    const { jobs } = ports();
    let running = 0;
    let most = 0;
    const { seen, handler } = recorder(async () => {
      running += 1;
      most = Math.max(most, running);
      await sleep(20);
      running -= 1;
      return { ack: true };
    });
    for (let n = 0; n < 6; n++) await jobs.enqueue({ queue: 'q', payload: { n } });
    const consumer = jobs.consume('q', handler, { concurrency: 2 });
    await eventually(() => expect(seen).toHaveLength(6));
    await consumer.stop();
    expect(most).toBe(2);
    expect(seen.map((job) => job.payload.n).sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('shares a queue between consumers (of two adapters on one database when durable): no job runs twice at once, each is handled once', async () => {
    const { jobs } = ports();
    const other = durable() ? await reopen() : undefined;
    const running = new Set<string>();
    const overlaps: string[] = [];
    const { seen, handler } = recorder(async (job) => {
      if (running.has(job.id)) overlaps.push(job.id);
      running.add(job.id);
      await sleep(5);
      running.delete(job.id);
      return { ack: true };
    });
    try {
      const consumers = [jobs.consume('q', handler, { concurrency: 3 }), (other?.jobs ?? jobs).consume('q', handler, { concurrency: 3 })];
      for (let n = 0; n < 30; n++) await jobs.enqueue({ queue: 'q', payload: { n } });
      await eventually(() => expect(seen).toHaveLength(30));
      await sleep(QUIET_MS);
      await Promise.all(consumers.map((consumer) => consumer.stop()));
      expect(overlaps).toEqual([]);
      expect(new Set(seen.map((job) => job.id)).size).toBe(30);
      expect(seen).toHaveLength(30);
    } finally {
      await other?.dispose();
    }
  });

  it('stops after the job in hand is finished, and hands out no more', async () => {
    const { jobs } = ports();
    const held = gate<JobOutcome>();
    const { seen, handler } = recorder(() => held.promise);
    await jobs.enqueue({ queue: 'q', payload: { n: 1 } });
    const consumer = jobs.consume('q', handler);
    await eventually(() => expect(seen).toHaveLength(1));
    let stopped = false;
    const stopping = consumer.stop().then(() => {
      stopped = true;
    });
    await sleep(20);
    expect(stopped).toBe(false);
    held.open({ ack: true });
    await stopping;
    await jobs.enqueue({ queue: 'q', payload: { n: 2 } });
    await sleep(QUIET_MS);
    expect(seen).toHaveLength(1);
  });

  if (durable()) {
    it('keeps a job in the database: enqueued through one adapter, it is handed out by another after the first is closed', async () => {
      const { jobs } = ports();
      const first = await reopen();
      const { id } = await first.jobs.enqueue({ queue: 'q', payload: { kept: true }, delayMs: 30 });
      await first.dispose();
      const { seen, handler } = recorder();
      const consumer = jobs.consume('q', handler);
      await eventually(() => expect(seen).toHaveLength(1));
      await consumer.stop();
      expect(seen[0]).toMatchObject({ id, payload: { kept: true }, attempt: 1 });
    });

    it('hands a job whose consumer went away with it to another adapter after the visibility timeout, as the next attempt', async () => {
      const { jobs } = ports();
      const gone = await reopen();
      const held = gate<JobOutcome>();
      const first = recorder(() => held.promise);
      const { id } = await jobs.enqueue({ queue: 'q', payload: {} });
      const goneConsumer = gone.jobs.consume('q', first.handler, { visibilityTimeoutMs: 100 });
      await eventually(() => expect(first.seen).toHaveLength(1));
      // As a process killed mid-job: no outcome and no more polls from it (stop() resolves once the handler does).
      const stopping = goneConsumer.stop();
      const second = recorder();
      const consumer = jobs.consume('q', second.handler);
      await eventually(() => expect(second.seen).toHaveLength(1));
      await consumer.stop();
      expect(second.seen[0]).toMatchObject({ id, attempt: 2 });
      held.open({ ack: true });
      await stopping;
      await gone.dispose();
    });

    it('stops every consumer of an adapter on dispose(): its jobs go to the others', async () => {
      const { jobs } = ports();
      const closing = await reopen();
      const closed = recorder();
      closing.jobs.consume('q', closed.handler);
      await closing.dispose();
      const open = recorder();
      const consumer = jobs.consume('q', open.handler);
      await jobs.enqueue({ queue: 'q', payload: {} });
      await eventually(() => expect(open.seen).toHaveLength(1));
      await sleep(QUIET_MS);
      await consumer.stop();
      expect(closed.seen).toEqual([]);
    });
  }
}
