import type { ConfigStore, ProjectPlan } from '../ports/index.js';

export interface PlanCacheOptions {
  /** How long a plan is trusted, in ms; 0 reads it every time. */
  ttlMs: number;
  /** Most projects remembered; the oldest entry goes first. */
  maxEntries: number;
  clock: () => number;
}

/** A project's plan, read once per `ttlMs`: the rate limiter sits on the hot `/v1/track` path. */
export type PlanOf = (projectId: number) => ProjectPlan | Promise<ProjectPlan>;

/**
 * Reads plans through `config.getProject` and remembers them; concurrent misses for one project share
 * one read. A project that does not exist counts as `free`. A failed read is not remembered.
 */
export function cachedPlans(config: Pick<ConfigStore, 'getProject'>, options: PlanCacheOptions): PlanOf {
  const known = new Map<number, { plan: ProjectPlan; until: number }>();
  const reading = new Map<number, Promise<ProjectPlan>>();
  return (projectId) => {
    const hit = known.get(projectId);
    if (hit && hit.until > options.clock()) return hit.plan;
    const pending = reading.get(projectId);
    if (pending) return pending;
    const read = config
      .getProject(projectId)
      .then((project) => {
        const plan = project?.plan ?? 'free';
        if (options.ttlMs > 0) {
          known.delete(projectId);
          if (known.size >= options.maxEntries) known.delete(known.keys().next().value as number);
          known.set(projectId, { plan, until: options.clock() + options.ttlMs });
        }
        return plan;
      })
      .finally(() => reading.delete(projectId));
    reading.set(projectId, read);
    return read;
  };
}
