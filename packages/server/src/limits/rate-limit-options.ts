import { z } from 'zod';
import type { ProjectPlan } from '../ports/index.js';
import type { LimitValue, PlanIndependentClass, ProjectLimitClass } from './plan-limits.js';

/** Requests per window by class; a class left out keeps its default, `false` removes its limit. */
export type ClassLimits<C extends string> = Partial<Record<C, LimitValue>>;

/**
 * Rate limits of the router (docs/limits.md). Every field is merged over the defaults, so
 * `{ plans: { enterprise: { track: 50_000 } } }` changes one number and keeps the rest.
 */
export interface RateLimitOptions {
  /** Requests per window and project, by plan and class. @default DEFAULT_PLAN_LIMITS (free: track 100, query 60; pro: track 1000, query 600; ...) */
  plans?: Partial<Record<ProjectPlan, ClassLimits<ProjectLimitClass>>>;
  /**
   * Per project id, over its plan's numbers: the place for an enterprise contract. Only the operator
   * sets these (project settings are editable by the project's own admins, so they cannot raise limits).
   * @default {}
   */
  projects?: Record<number, ClassLimits<ProjectLimitClass>>;
  /** Requests per window of `login` (per client IP) and `embed` (per token), on every plan. @default { login: 10, embed: 120 } */
  fixed?: ClassLimits<PlanIndependentClass>;
  /** Length of every window in seconds. @default 60 */
  windowSeconds?: number;
  /** How long a project's plan is trusted before it is read again, in ms; 0 reads it on every request. @default 10000 */
  planCacheMs?: number;
}

const limitValue = z.union([z.int().positive(), z.literal(false)]);
const projectClasses = z.strictObject({ track: limitValue, ingest: limitValue, decide: limitValue, query: limitValue, api: limitValue }).partial();

/** The shape of `RateLimitOptions`, for the router option and the CLI's `NORTHSTAR_RATE_LIMITS`. */
export const rateLimitOptionsSchema = z.strictObject({
  plans: z.strictObject({ free: projectClasses, pro: projectClasses, enterprise: projectClasses }).partial().optional(),
  projects: z.record(z.string().regex(/^[1-9]\d*$/, 'a project id'), projectClasses).optional(),
  fixed: z.strictObject({ login: limitValue, embed: limitValue }).partial().optional(),
  windowSeconds: z.int().positive().optional(),
  planCacheMs: z.int().nonnegative().optional(),
});

/** Checks options given in code; a mistake is a startup error, not a silent default. */
export function validateRateLimitOptions(options: RateLimitOptions): RateLimitOptions {
  const parsed = rateLimitOptionsSchema.safeParse(options);
  if (!parsed.success) throw new TypeError(`Invalid rateLimits option: ${z.prettifyError(parsed.error)}`);
  return options;
}

/**
 * `NORTHSTAR_RATE_LIMITS` of the CLI: unset or empty for the defaults, `off` for none, or the JSON of
 * `RateLimitOptions` (e.g. `{"plans":{"free":{"track":1000}}}`).
 */
export function parseRateLimitsEnv(value: string | undefined): RateLimitOptions | false | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (value.trim() === 'off') return false;
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw new Error('NORTHSTAR_RATE_LIMITS must be "off" or JSON such as {"plans":{"free":{"track":1000}}}');
  }
  const parsed = rateLimitOptionsSchema.safeParse(json);
  if (!parsed.success) throw new Error(`NORTHSTAR_RATE_LIMITS: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
