import { afterEach, expect, it, vi } from 'vitest';
import type { RateLimitStore } from '@northstar/server';
import type { ConformanceContext } from './conformance-context.js';

const T0 = Date.parse('2024-05-01T12:00:00.000Z');

/**
 * `RateLimitStore`: the rate limits of an adapter (`storage.rateLimits`): fixed windows per key that start at the
 * first point. Windows follow `Date.now()` (rate-limiter-flexible reads it), so the clock is faked.
 */
export function rateLimitStoreCases({ ports }: ConformanceContext): void {
  const store = (): RateLimitStore => ports().rateLimits;
  const useClock = (): void => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
  };
  afterEach(() => {
    vi.useRealTimers();
  });

  it('allows exactly `limit` points in a window, counting down, then refuses', async () => {
    useClock();
    const rule = { limit: 3, windowSeconds: 60 };
    const decisions = [];
    for (let i = 0; i < 5; i += 1) decisions.push(await store().consume('track:p1', rule));
    expect(decisions.map((d) => [d.allowed, d.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
      [false, 0],
    ]);
    for (const decision of decisions) expect(decision.resetMs).toBeGreaterThan(59_000);
    for (const decision of decisions) expect(decision.resetMs).toBeLessThanOrEqual(60_000);
  });

  it('says how long is left of the window, and starts a new one when it ends', async () => {
    useClock();
    const rule = { limit: 1, windowSeconds: 60 };
    expect((await store().consume('k', rule)).allowed).toBe(true);
    vi.setSystemTime(T0 + 45_000);
    const refused = await store().consume('k', rule);
    expect(refused.allowed).toBe(false);
    expect(refused.resetMs).toBeGreaterThan(14_000);
    expect(refused.resetMs).toBeLessThanOrEqual(15_000);
    vi.setSystemTime(T0 + 60_001);
    expect(await store().consume('k', rule)).toMatchObject({ allowed: true, remaining: 0 });
  });

  it('keeps keys apart', async () => {
    useClock();
    const rule = { limit: 1, windowSeconds: 60 };
    expect((await store().consume('track:p1', rule)).allowed).toBe(true);
    expect((await store().consume('track:p1', rule)).allowed).toBe(false);
    expect((await store().consume('track:p2', rule)).allowed).toBe(true);
    expect((await store().consume('query:p1', rule)).allowed).toBe(true);
  });

  it('counts several points at once', async () => {
    useClock();
    const rule = { limit: 10, windowSeconds: 60 };
    expect(await store().consume('k', rule, 4)).toMatchObject({ allowed: true, remaining: 6 });
    expect((await store().consume('k', rule, 7)).allowed).toBe(false);
  });

  it('lets exactly `limit` of many concurrent calls through', async () => {
    const rule = { limit: 20, windowSeconds: 60 };
    const decisions = await Promise.all(Array.from({ length: 50 }, () => store().consume('burst', rule)));
    const allowed = decisions.filter((d) => d.allowed);
    expect(allowed).toHaveLength(20);
    expect(allowed.map((d) => d.remaining).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });
}
