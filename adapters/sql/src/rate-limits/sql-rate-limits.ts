import type { Knex } from 'knex';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimitRule, RateLimitStore } from '@northstar/server';
import { toDialect } from '../dialects/index.js';
import type { RateLimiterStoreFactory, SqlDialect, SqlDialectName } from '../dialects/sql-dialect.js';
import { coalescedConsume } from './coalesced-consume.js';
import { deleteExpiredWindows } from './rate-limit-table.js';
import { insuranceLimiter, sharedLimiter } from './shared-limiter.js';

export interface SqlRateLimitOptions {
  /** A database call longer than this is answered from process memory instead. @default 1000 */
  timeoutMs?: number;
  /** How often windows that ended over an hour ago are deleted, in ms. @default 300000 */
  cleanupEveryMs?: number;
}

/**
 * Rate-limit counters in the database (table `ns_rate_limits`), through rate-limiter-flexible's
 * MySQL / SQLite stores on the adapter's knex pool: every server process on the database shares them.
 * One limiter per rule, made on first use; concurrent requests of one key share a round trip.
 */
export function createSqlRateLimitStore(db: Knex, dialectOrName: SqlDialect | SqlDialectName, options: SqlRateLimitOptions = {}): RateLimitStore {
  const dialect = toDialect(dialectOrName);
  const timeoutMs = options.timeoutMs ?? 1_000;
  const limiters = new Map<string, Promise<RateLimiterAbstract>>();
  let store: Promise<RateLimiterStoreFactory> | undefined;

  const limiterFor = (rule: RateLimitRule): Promise<RateLimiterAbstract> => {
    const id = `${rule.limit}/${rule.windowSeconds}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      store ??= dialect.rateLimiterStore(db);
      limiter = store.then((factory) => sharedLimiter(rule, { db, store: factory, timeoutMs }));
      limiters.set(id, limiter);
      // A database that could not be asked (MySQL: its name) is asked again by the next request.
      limiter.catch(() => {
        limiters.delete(id);
        store = undefined;
      });
    }
    return limiter;
  };
  const fallbacks = new Map<string, RateLimiterAbstract>();
  const fallbackFor = (rule: RateLimitRule): RateLimiterAbstract => {
    const id = `${rule.limit}/${rule.windowSeconds}`;
    const limiter = fallbacks.get(id) ?? insuranceLimiter(rule);
    fallbacks.set(id, limiter);
    return limiter;
  };

  const consumeThrough = coalescedConsume();
  const cleanup = setInterval(() => void deleteExpiredWindows(db, Date.now()), options.cleanupEveryMs ?? 300_000);
  cleanup.unref();
  return {
    name: `sql:${dialect.name}`,
    async consume(key, rule, points = 1) {
      const limiter = await limiterFor(rule).catch(() => fallbackFor(rule));
      return consumeThrough(limiter, key, rule, points);
    },
    dispose() {
      clearInterval(cleanup);
      return Promise.resolve();
    },
  };
}
