import { expect, it, vi } from 'vitest';
import type { Job, JobHandler, JobOutcome } from '@northstar/server';
import type { ConformanceContext } from './conformance-context.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A handler that records each job it is handed (with the time) and answers `decide(job)`. */
function recorder(decide: (job: Job) => JobOutcome | Promise<JobOutcome> = () => ({ ack: true })) {
  const seen: (Job & { at: number })[] = [];
  const handler: JobHandler = async (job) => {
    seen.push({ ...job, at: Date.now() });
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
 * timeouts and concurrency. Real timers with delays of tens of milliseconds, so a queue on a database
 * (polling) can pass them too.
 */
export function jobQueueCases({ ports }: ConformanceContext): void {
  it('hands an enqueued job to a consumer of its queue once, with its payload and attempt 1', async () => {
    const { jobs } = ports();
    const { seen, handler } = recorder();
    const before = Date.now();
    const { id, created } = await jobs.enqueue({ queue: 'mail', payload: { to: 'ann@example.com', tags: ['a', 1, null] } });
    expect(created).toBe(true);
    const consumer = jobs.consume('mail', handler);
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    await sleep(60);
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
    await vi.waitFor(() => expect(hooks.seen).toHaveLength(1));
    await sleep(30);
    await Promise.all(consumers.map((consumer) => consumer.stop()));
    expect(mail.seen).toEqual([]);
  });

  it('waits `delayMs` before handing a job out', async () => {
    const { jobs } = ports();
    const { seen, handler } = recorder();
    const consumer = jobs.consume('later', handler);
    const enqueuedAt = Date.now();
    await jobs.enqueue({ queue: 'later', payload: {}, delayMs: 120 });
    await sleep(40);
    expect(seen).toEqual([]);
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    await consumer.stop();
    expect(seen[0]!.at - enqueuedAt).toBeGreaterThanOrEqual(120);
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
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    await sleep(30);
    await consumer.stop();
    expect(seen.map((job) => job.payload)).toEqual([{ n: 1 }]);
  });

  it('hands a retried job out again after `retryInMs`, as the next attempt of the same id', async () => {
    const { jobs } = ports();
    const { seen, handler } = recorder((job) => (job.attempt < 3 ? { retryInMs: 50 } : { ack: true }));
    const { id } = await jobs.enqueue({ queue: 'q', payload: {} });
    const consumer = jobs.consume('q', handler);
    await vi.waitFor(() => expect(seen).toHaveLength(3));
    await sleep(60);
    await consumer.stop();
    expect(seen.map((job) => [job.id, job.attempt])).toEqual([
      [id, 1],
      [id, 2],
      [id, 3],
    ]);
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(50);
  });

  it('never hands a failed job out again, and keeps it (its idempotency key still taken)', async () => {
    const { jobs } = ports();
    const { seen, handler } = recorder(() => ({ fail: 'target gone' }));
    const { id } = await jobs.enqueue({ queue: 'q', payload: {}, idempotencyKey: 'once' });
    const consumer = jobs.consume('q', handler);
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    await sleep(60);
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
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    expect(seen.map((job) => job.attempt)).toEqual([1, 2]);
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(60);
    held.open({ retryInMs: 0 });
    await sleep(100);
    await consumer.stop();
    expect(seen).toHaveLength(2);
  });

  it('gives a job back after its visibility timeout when the handler throws', async () => {
    const { jobs } = ports();
    const { seen, handler } = recorder((job) => {
      if (job.attempt === 1) throw new Error('handler bug');
      return { ack: true };
    });
    await jobs.enqueue({ queue: 'q', payload: {} });
    const consumer = jobs.consume('q', handler, { visibilityTimeoutMs: 60 });
    await vi.waitFor(() => expect(seen).toHaveLength(2));
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
    await vi.waitFor(() => expect(seen).toHaveLength(6));
    await consumer.stop();
    expect(most).toBe(2);
    expect(seen.map((job) => job.payload.n).sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('shares a queue between consumers, each job handled once', async () => {
    const { jobs } = ports();
    const { seen, handler } = recorder();
    const consumers = [jobs.consume('q', handler, { concurrency: 2 }), jobs.consume('q', handler, { concurrency: 2 })];
    for (let n = 0; n < 10; n++) await jobs.enqueue({ queue: 'q', payload: { n } });
    await vi.waitFor(() => expect(seen).toHaveLength(10));
    await sleep(60);
    await Promise.all(consumers.map((consumer) => consumer.stop()));
    expect(new Set(seen.map((job) => job.id)).size).toBe(10);
    expect(seen).toHaveLength(10);
  });

  it('stops after the job in hand is finished, and hands out no more', async () => {
    const { jobs } = ports();
    const held = gate<JobOutcome>();
    const { seen, handler } = recorder(() => held.promise);
    await jobs.enqueue({ queue: 'q', payload: { n: 1 } });
    const consumer = jobs.consume('q', handler);
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    let stopped = false;
    const stopping = consumer.stop().then(() => {
      stopped = true;
    });
    await sleep(20);
    expect(stopped).toBe(false);
    held.open({ ack: true });
    await stopping;
    await jobs.enqueue({ queue: 'q', payload: { n: 2 } });
    await sleep(60);
    expect(seen).toHaveLength(1);
  });
}
