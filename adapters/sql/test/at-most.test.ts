import { describe, expect, it } from 'vitest';
import { atMost } from '../src/events/at-most.js';
import { isOverTime, overTime, timeLeft } from '../src/events/time-limit.js';
import { ServiceUnavailableError } from '@northstar/core';

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

describe('atMost', () => {
  it('runs no more than the limit at once and answers in the tasks’ order', async () => {
    let running = 0;
    let most = 0;
    const tasks = [5, 1, 4, 2, 3].map((n) => async () => {
      most = Math.max(most, ++running);
      for (let i = 0; i < n; i++) await tick();
      running--;
      return n;
    });
    expect(await atMost(2, tasks)).toEqual([5, 1, 4, 2, 3]);
    expect(most).toBe(2);
  });

  it('starts no task after one fails, and fails with it', async () => {
    const started: number[] = [];
    const tasks = [0, 1, 2, 3].map((n) => async () => {
      started.push(n);
      await tick();
      if (n === 0) throw new Error('stopped');
      return n;
    });
    await expect(atMost(1, tasks)).rejects.toThrow('stopped');
    expect(started).toEqual([0]);
  });

  it('answers nothing for no task', async () => {
    expect(await atMost(3, [])).toEqual([]);
  });
});

describe('timeLeft', () => {
  it('gives a later statement what is left of the query’s limit', () => {
    expect(timeLeft(5000, 1_000, 3_000)).toBe(3000);
    expect(timeLeft(undefined, 1_000, 99_000)).toBeUndefined();
  });

  it('answers 503 once the limit is spent', () => {
    expect(() => timeLeft(5000, 1_000, 6_000)).toThrow(expect.objectContaining({ status: 503 }));
  });

  it('tells its own 503 from another', () => {
    expect(isOverTime(overTime(300))).toBe(true);
    expect(isOverTime(new ServiceUnavailableError('The database is unavailable'))).toBe(false);
  });
});
