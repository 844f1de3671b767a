import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimitDecision, RateLimitRule, RateLimitStore } from '@northstar/server';

/**
 * Rate-limit counters in this process: one rate-limiter-flexible `RateLimiterMemory` per rule
 * (limit and window), created on first use. Each key's window starts at its first point and its
 * entry is dropped by the library's own timer when the window ends.
 */
export function createMemoryRateLimitStore(): RateLimitStore {
  const limiters = new Map<string, RateLimiterMemory>();
  const limiterFor = (rule: RateLimitRule): RateLimiterMemory => {
    const id = `${rule.limit}/${rule.windowSeconds}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      limiter = new RateLimiterMemory({ points: rule.limit, duration: rule.windowSeconds, keyPrefix: `w${rule.windowSeconds}` });
      limiters.set(id, limiter);
    }
    return limiter;
  };
  return {
    name: 'memory',
    async consume(key, rule, points = 1): Promise<RateLimitDecision> {
      try {
        const res = await limiterFor(rule).consume(key, points);
        return { allowed: true, remaining: res.remainingPoints, resetMs: res.msBeforeNext };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return { allowed: false, remaining: 0, resetMs: rejection.msBeforeNext };
        throw rejection;
      }
    },
    dispose() {
      limiters.clear();
      return Promise.resolve();
    },
  };
}
