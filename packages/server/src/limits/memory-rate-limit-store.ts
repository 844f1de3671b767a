import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimitDecision, RateLimitRule, RateLimitStore } from '../ports/index.js';

/**
 * The router's own in-process store, for storage adapters that bring none: rate-limiter-flexible's
 * `RateLimiterMemory`, one per rule. (The server cannot import `@northstar/adapter-memory`, whose
 * store is the same, without a package cycle.)
 */
export function processRateLimitStore(): RateLimitStore {
  const limiters = new Map<string, RateLimiterMemory>();
  return {
    name: 'memory',
    async consume(key: string, rule: RateLimitRule, points = 1): Promise<RateLimitDecision> {
      const id = `${rule.limit}/${rule.windowSeconds}`;
      let limiter = limiters.get(id);
      if (!limiter) {
        limiter = new RateLimiterMemory({ points: rule.limit, duration: rule.windowSeconds, keyPrefix: `w${rule.windowSeconds}` });
        limiters.set(id, limiter);
      }
      try {
        const res = await limiter.consume(key, points);
        return { allowed: true, remaining: res.remainingPoints, resetMs: res.msBeforeNext };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return { allowed: false, remaining: 0, resetMs: rejection.msBeforeNext };
        throw rejection;
      }
    },
  };
}
