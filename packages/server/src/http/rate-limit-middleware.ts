import type { Request, RequestHandler } from 'express';
import { accessLocals } from '../access/principal.js';
import { limitSubject } from '../limits/limit-subject.js';
import type { PlanRateLimiter } from '../limits/plan-rate-limiter.js';
import type { RateLimitClass } from '../limits/rate-limit-class.js';
import { TooManyRequestsError } from '../limits/too-many-requests-error.js';
import { setRateLimitHeaders, wholeSeconds } from './rate-limit-headers.js';

/** The middleware of one rate-limit class. */
export type RateLimiterFactory = (limitClass: RateLimitClass) => RequestHandler;

const unlimited: RequestHandler = (_req, _res, next) => next();

function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/**
 * The app's plan limiter as middleware (docs/limits.md): it counts the request against its subject
 * (`login`: the client IP, `req.ip`, so behind a proxy the host app sets Express's `trust proxy`;
 * `embed`: the path's `:token`; else the project, account or IP of `res.locals`), sets the
 * `RateLimit-*` headers, and answers 429 `{ error }` with `Retry-After` once the window's budget is spent.
 */
export function rateLimitMiddleware(limiter: PlanRateLimiter): RateLimiterFactory {
  if (!limiter.enabled) return () => unlimited;
  return (limitClass) => async (req, res, next) => {
    const { projectId, principal } = accessLocals(res.locals);
    const accountId = principal?.kind === 'account' ? principal.accountId : undefined;
    const subject = limitSubject(limitClass, { ip: clientIp(req), token: req.params.token, projectId, accountId });
    const outcome = await limiter.consume(limitClass, subject);
    if (outcome) {
      setRateLimitHeaders(res, outcome.rule, outcome.decision);
      if (!outcome.decision.allowed) throw new TooManyRequestsError(wholeSeconds(outcome.decision.resetMs));
    }
    next();
  };
}
