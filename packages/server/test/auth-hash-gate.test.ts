import { describe, expect, it } from 'vitest';
import { createHashGate } from '../src/auth/hash-gate.js';
import { TooManyRequestsError } from '../src/limits/too-many-requests-error.js';

/** A task that finishes when the test says so. */
function held<T>(value: T) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { task: async () => (await done, value), finish };
}

describe('the password hashing gate', () => {
  it('runs at most `concurrency` hashes at once and queues the next ones in order', async () => {
    const gate = createHashGate({ concurrency: 2, maxQueued: 2 });
    const started: number[] = [];
    const tasks = [0, 1, 2, 3].map((i) => held(i));
    const results = tasks.map(({ task }, i) => gate.run(async () => (started.push(i), task())));
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1]);
    tasks[0]!.finish();
    await results[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    for (const { finish } of tasks) finish();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3]);
  });

  it('refuses a hash with 429 and Retry-After when the queue is full, and takes new ones once it drains', async () => {
    const gate = createHashGate({ concurrency: 1, maxQueued: 1, retryAfterSeconds: 2 });
    const first = held('a');
    const second = held('b');
    const running = [gate.run(first.task), gate.run(second.task)];
    const refused = await gate.run(() => Promise.resolve('c')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TooManyRequestsError);
    expect(refused).toMatchObject({ status: 429, retryAfterSeconds: 2 });
    first.finish();
    second.finish();
    expect(await Promise.all(running)).toEqual(['a', 'b']);
    expect(await gate.run(() => Promise.resolve('d'))).toBe('d');
  });

  it('frees its place when a hash fails', async () => {
    const gate = createHashGate({ concurrency: 1, maxQueued: 0 });
    await expect(gate.run(() => Promise.reject(new Error('scrypt failed')))).rejects.toThrow('scrypt failed');
    expect(await gate.run(() => Promise.resolve('next'))).toBe('next');
  });
});
