import type { RateLimitDecision, RateLimitRule, RateLimitStore, StorageAdapter } from '../ports/index.js';
import { currentStorageBudget } from '../storage/storage-budget.js';
import type { LimitSubject } from './limit-subject.js';
import { limitTable } from './limit-table.js';
import type { LimitsOptions } from './limits-options.js';
import { processRateLimitStore } from './memory-rate-limit-store.js';
import { cachedPlans } from './plan-cache.js';
import { isPlanIndependent } from './plan-limits.js';
import type { LimitValue } from './plan-limits.js';
import type { RateLimitClass } from './rate-limit-class.js';
import { validateRateLimitOptions } from './rate-limit-options.js';

/** One request counted: the rule it was counted under and the store's answer. */
export interface RateLimitOutcome {
  rule: RateLimitRule;
  decision: RateLimitDecision;
}

/** The plan limiter of an app, with no HTTP in it: the router turns it into middleware. */
export interface PlanRateLimiter {
  /** False with `rateLimits: false`: nothing is ever counted. */
  readonly enabled: boolean;
  /**
   * Counts one request of `limitClass` against `subject`; undefined when no limit applies (nothing
   * is counted then). A refused request has `decision.allowed === false`.
   */
  consume(limitClass: RateLimitClass, subject: LimitSubject): Promise<RateLimitOutcome | undefined>;
}

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

const disabled: PlanRateLimiter = { enabled: false, consume: () => Promise.resolve(undefined) };

/**
 * The plan limiter of an app (docs/limits.md). The router runs it after authentication and
 * authorization, so a bad key is still 401 and a foreign project 403; it counts the request against
 * its subject (project, account, IP or embed token) in `options.rateLimitStore ?? storage.rateLimits ??
 * process memory`, by the subject's plan. `rateLimits: false` turns it off.
 */
export function planRateLimiter(options: LimitsOptions, storage: StorageAdapter): PlanRateLimiter {
  if (options.rateLimits === false) return disabled;
  const settings = validateRateLimitOptions(options.rateLimits ?? {});
  const table = limitTable(settings);
  const store = options.rateLimitStore ? countedAsStorageTime(options.rateLimitStore) : (storage.rateLimits ?? processRateLimitStore());
  const planOf = cachedPlans(storage.config, { ttlMs: settings.planCacheMs ?? 10_000, maxEntries: PLAN_CACHE_ENTRIES, clock: Date.now });

  return {
    enabled: true,
    async consume(limitClass, subject) {
      let limit: LimitValue;
      if (isPlanIndependent(limitClass)) limit = table.fixed(limitClass);
      else if (subject.kind === 'project') limit = table.forProject(limitClass, await planOf(subject.projectId), subject.projectId);
      else limit = table.withoutProject(limitClass);
      if (limit === false) return undefined;
      const rule: RateLimitRule = { limit, windowSeconds: table.windowSeconds };
      return { rule, decision: await store.consume(subject.key, rule) };
    },
  };
}
