import type { ProjectPlan } from '../ports/index.js';
import { DEFAULT_FIXED_LIMITS, DEFAULT_PLAN_LIMITS, DEFAULT_WINDOW_SECONDS } from './plan-limits.js';
import type { LimitValue, PlanIndependentClass, ProjectLimitClass } from './plan-limits.js';
import type { RateLimitOptions } from './rate-limit-options.js';

/** The numbers in force: the defaults with the router's options merged over them. */
export interface LimitTable {
  windowSeconds: number;
  /** A project's number for a class: its own override, else its plan's. */
  forProject(limitClass: ProjectLimitClass, plan: ProjectPlan, projectId: number): LimitValue;
  /** The number of a project class for a request that names no project (counted per account or IP): the free plan's. */
  withoutProject(limitClass: ProjectLimitClass): LimitValue;
  /** The number of a plan-independent class. */
  fixed(limitClass: PlanIndependentClass): LimitValue;
}

export function limitTable(options: RateLimitOptions): LimitTable {
  const plans: Record<ProjectPlan, Record<ProjectLimitClass, LimitValue>> = {
    free: { ...DEFAULT_PLAN_LIMITS.free, ...options.plans?.free },
    pro: { ...DEFAULT_PLAN_LIMITS.pro, ...options.plans?.pro },
    enterprise: { ...DEFAULT_PLAN_LIMITS.enterprise, ...options.plans?.enterprise },
  };
  const fixed = { ...DEFAULT_FIXED_LIMITS, ...options.fixed };
  const projects = new Map(Object.entries(options.projects ?? {}).map(([id, limits]) => [Number(id), limits]));
  return {
    windowSeconds: options.windowSeconds ?? DEFAULT_WINDOW_SECONDS,
    forProject(limitClass, plan, projectId) {
      const own = projects.get(projectId)?.[limitClass];
      // A plan the table does not know (a row written by a newer version) counts as free.
      return own ?? (plans[plan] ?? plans.free)[limitClass];
    },
    withoutProject: (limitClass) => plans.free[limitClass],
    fixed: (limitClass) => fixed[limitClass],
  };
}
