import type { ProjectPlan } from '../ports/index.js';
import type { RateLimitClass } from './rate-limit-class.js';

/** Classes counted per project, with a number per plan. */
export type ProjectLimitClass = Exclude<RateLimitClass, PlanIndependentClass>;

/** Classes with one number on every plan: `login` per client IP, `embed` per embed token. */
export type PlanIndependentClass = 'login' | 'embed';

/** Requests per window, or `false` for no limit. */
export type LimitValue = number | false;

/** The length of every window, in seconds: the spec's limits are per minute. */
export const DEFAULT_WINDOW_SECONDS = 60;

/**
 * Requests per minute and project, by plan (docs/limits.md). `track` and `query` are the spec's
 * figures (section 8). Enterprise ("by contract") is also the self-hosted default plan, so until an
 * operator configures a contract its ingestion numbers are sized for a busy site (1,000 `/v1/track`
 * requests a second, above what one process serves) and its query and API numbers are ten times pro.
 * The other classes are ours.
 */
export const DEFAULT_PLAN_LIMITS: Readonly<Record<ProjectPlan, Readonly<Record<ProjectLimitClass, LimitValue>>>> = {
  free: { track: 100, ingest: 300, decide: 300, query: 60, api: 120 },
  pro: { track: 1_000, ingest: 3_000, decide: 3_000, query: 600, api: 1_200 },
  enterprise: { track: 60_000, ingest: 180_000, decide: 180_000, query: 6_000, api: 12_000 },
};

/** Requests per minute of the plan-independent classes. */
export const DEFAULT_FIXED_LIMITS: Readonly<Record<PlanIndependentClass, LimitValue>> = {
  /** Per client IP: slows password guessing, leaves room for a shared office address. */
  login: 10,
  /** Per embed token, on every plan (spec section 8). */
  embed: 120,
};

export function isPlanIndependent(limitClass: RateLimitClass): limitClass is PlanIndependentClass {
  return limitClass === 'login' || limitClass === 'embed';
}
