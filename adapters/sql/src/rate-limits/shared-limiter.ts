import type { Knex } from 'knex';
import { RateLimiterMemory, RLWrapperTimeouts } from 'rate-limiter-flexible';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimitRule } from '@northstar/server';
import type { RateLimiterStoreFactory } from '../dialects/sql-dialect.js';
import { RATE_LIMIT_TABLE } from './rate-limit-table.js';

export interface SharedLimiterSettings {
  db: Knex;
  /** The dialect's rate-limiter-flexible store (`SqlDialect.rateLimiterStore`). */
  store: RateLimiterStoreFactory;
  /** A call to the database longer than this counts in process memory instead. */
  timeoutMs: number;
}

/** Keys of one window length share their rows whatever the limit, so a plan change keeps the count. */
export function keyPrefixOf(rule: RateLimitRule): string {
  return `w${rule.windowSeconds}`;
}

/** The in-process limiter that stands in while the database errs or is slow (the library's insurance). */
export function insuranceLimiter(rule: RateLimitRule): RateLimiterMemory {
  return new RateLimiterMemory({ points: rule.limit, duration: rule.windowSeconds, keyPrefix: keyPrefixOf(rule) });
}

/**
 * rate-limiter-flexible's store of the dialect (MySQL or SQLite) over the adapter's own knex pool (`storeType: 'knex'`),
 * on the table of migration 0004 (`tableCreated`, so the library creates nothing and runs no timers).
 * Once a key is over its limit it is refused from memory until its window ends
 * (`inMemoryBlockOnConsumed`), so a flood of refused requests costs the database nothing; failures and
 * calls slower than `timeoutMs` fall back to the in-process insurance limiter.
 */
export function sharedLimiter(rule: RateLimitRule, settings: SharedLimiterSettings): RateLimiterAbstract {
  const insurance = insuranceLimiter(rule);
  const options = {
    storeClient: settings.db,
    storeType: 'knex',
    tableName: RATE_LIMIT_TABLE,
    tableCreated: true,
    clearExpiredByTimeout: false,
    points: rule.limit,
    duration: rule.windowSeconds,
    keyPrefix: keyPrefixOf(rule),
    inMemoryBlockOnConsumed: rule.limit + 1,
    insuranceLimiter: insurance,
  };
  return new RLWrapperTimeouts({ limiter: settings.store(options), timeoutMs: settings.timeoutMs, insuranceLimiter: insurance });
}
