import type { RequestHandler } from 'express';
import type { NorthstarRouterOptions } from '../http/options.js';
import type { RateLimitClass } from '../http/routes/route-definition.js';
import type { RateLimitRule, RateLimitStore, StorageAdapter } from '../ports/index.js';
import { currentStorageBudget } from '../storage/storage-budget.js';
import { limitSubject } from './limit-subject.js';
import { limitTable } from './limit-table.js';
import { processRateLimitStore } from './memory-rate-limit-store.js';
import { cachedPlans } from './plan-cache.js';
import { isPlanIndependent } from './plan-limits.js';
import type { LimitValue } from './plan-limits.js';
import { setRateLimitHeaders, wholeSeconds } from './rate-limit-headers.js';
import { validateRateLimitOptions } from './rate-limit-options.js';
import { TooManyRequestsError } from './too-many-requests-error.js';

/** The middleware of one rate-limit class. */
export type RateLimiterFactory = (limitClass: RateLimitClass) => RequestHandler;

const unlimited: RequestHandler = (_req, _res, next) => next();

/**
 * A store given in the options, whose waiting still counts against the request's storage time (the
 * storage's own store is guarded with the storage: `guardStorage`).
 */
function countedAsStorageTime(store: RateLimitStore): RateLimitStore {
  return {
    name: store.name,
    consume(key, rule, points) {
      const budget = currentStorageBudget();
      return budget ? budget.track(() => store.consume(key, rule, points)) : store.consume(key, rule, points);
    },
  };
}

/** Most projects whose plan is remembered at once. */
const PLAN_CACHE_ENTRIES = 10_000;

/**
 * The plan limiter of a router (docs/limits.md). It runs after authentication and authorization, so
 * a bad key is still 401 and a foreign project 403; it counts the request against its subject (project,
 * account, IP or embed token) in `options.rateLimitStore ?? storage.rateLimits ?? process memory`, sets
 * the `RateLimit-*` headers, and answers 429 `{ error }` with `Retry-After` once the window's budget is spent.
 * `rateLimits: false` turns it off.
 */
export function planRateLimiter(options: NorthstarRouterOptions, storage: StorageAdapter): RateLimiterFactory {
  if (options.rateLimits === false) return () => unlimited;
  const settings = validateRateLimitOptions(options.rateLimits ?? {});
  const table = limitTable(settings);
  const store = options.rateLimitStore ? countedAsStorageTime(options.rateLimitStore) : (storage.rateLimits ?? processRateLimitStore());
  const planOf = cachedPlans(storage.config, { ttlMs: settings.planCacheMs ?? 10_000, maxEntries: PLAN_CACHE_ENTRIES, clock: Date.now });

  return (limitClass) => async (req, res, next) => {
    const subject = limitSubject(limitClass, req, res.locals);
    let limit: LimitValue;
    if (isPlanIndependent(limitClass)) limit = table.fixed(limitClass);
    else if (subject.kind === 'project') limit = table.forProject(limitClass, await planOf(subject.projectId), subject.projectId);
    else limit = table.withoutProject(limitClass);
    if (limit === false) {
      next();
      return;
    }
    const rule: RateLimitRule = { limit, windowSeconds: table.windowSeconds };
    const decision = await store.consume(subject.key, rule);
    setRateLimitHeaders(res, rule, decision);
    if (!decision.allowed) throw new TooManyRequestsError(wholeSeconds(decision.resetMs));
    next();
  };
}
