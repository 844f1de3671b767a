import type { Response } from 'express';
import type { RateLimitDecision, RateLimitRule } from '../ports/index.js';

/** Whole seconds until `ms` have passed, at least 1 (a header never says "retry after 0 s"). */
export function wholeSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/**
 * The IETF draft headers (draft-ietf-httpapi-ratelimit-headers, the separate-field form) on every
 * limited response: `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` (seconds until the
 * window ends) and `RateLimit-Policy` (`<limit>;w=<window seconds>`); `Retry-After` too when refused.
 */
export function setRateLimitHeaders(res: Response, rule: RateLimitRule, decision: RateLimitDecision): void {
  const reset = wholeSeconds(decision.resetMs);
  res.setHeader('RateLimit-Limit', String(rule.limit));
  res.setHeader('RateLimit-Remaining', String(decision.allowed ? decision.remaining : 0));
  res.setHeader('RateLimit-Reset', String(reset));
  res.setHeader('RateLimit-Policy', `${rule.limit};w=${rule.windowSeconds}`);
  if (!decision.allowed) res.setHeader('Retry-After', String(reset));
}
