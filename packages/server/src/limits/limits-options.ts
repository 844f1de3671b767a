import type { ProjectPlan, RateLimitStore } from '../ports/index.js';
import type { RateLimitOptions } from './rate-limit-options.js';

/** The limits slice of the app's options: plan rate limits, where they count, the plan of new projects. */
export interface LimitsOptions {
  /**
   * Per-plan rate limits (docs/limits.md), merged over the defaults: e.g. the enterprise numbers of a
   * contract, `{ plans: { enterprise: { track: 50_000 } } }`, or one project's, `{ projects: { 42: { track: 20_000 } } }`.
   * `false` turns rate limiting off.
   * @default free: track 100/min, query 60/min; pro: track 1000/min, query 600/min; embed 120/min per token; ...
   */
  rateLimits?: RateLimitOptions | false;
  /**
   * Where the rate-limit counters live. Processes that share one store share one budget.
   * @default storage.rateLimits (the database of a SQL storage), else this process's memory
   */
  rateLimitStore?: RateLimitStore;
  /**
   * Plan of a project created through `POST /v1/projects` (docs/limits.md). A self-hosted server is its
   * own contract, so new projects get the enterprise limits, which a busy site does not trip; a
   * multi-tenant host that sells plans passes `'free'`. Accounts and keys never choose or change a
   * plan: the operator does (`northstar-server set-plan`, or `ConfigStore.updateProject`).
   * @default 'enterprise'
   */
  defaultPlan?: ProjectPlan;
}
