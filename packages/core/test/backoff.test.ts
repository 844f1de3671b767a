import { describe, expect, it } from 'vitest';
import { backoffDelay, parseRetryAfter } from '../src/backoff.js';

describe('backoffDelay', () => {
  it('grows exponentially from the base while the draw is at its top', () => {
    const top = () => 1;
    expect([0, 1, 2, 3].map((attempt) => backoffDelay(attempt, { baseMs: 100 }, top))).toEqual([100, 200, 400, 800]);
  });

  it('never exceeds the cap', () => {
    expect(backoffDelay(50, { baseMs: 1000, maxMs: 30_000 }, () => 1)).toBe(30_000);
  });

  it('spreads clients with full jitter below the cap', () => {
    expect(backoffDelay(3, { baseMs: 100 }, () => 0)).toBe(0);
    expect(backoffDelay(3, { baseMs: 100 }, () => 0.5)).toBe(400);
  });
});

describe('parseRetryAfter', () => {
  it('reads delta seconds', () => {
    expect(parseRetryAfter('7')).toBe(7000);
  });

  it('reads an HTTP date relative to now', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:30 GMT', now)).toBe(30_000);
  });

  it('gives undefined for a missing or unreadable header', () => {
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});
