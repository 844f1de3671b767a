import type { QueryEngine } from '../../ports/index.js';
import type { Arm } from './statistics.js';

/** The string property of an exposure event that names the person's variant of flag `flagKey`. */
export const variantProperty = (flagKey: string): string => `$feature/${flagKey}`;

export interface CountRequest {
  projectId: number;
  flagKey: string;
  exposureEvent: string;
  goalEvent: string;
  variants: readonly string[];
  /** Exposures from here (inclusive, epoch ms)... */
  from: number;
  /** ...to here (exclusive). */
  to: number;
}

/**
 * Exposures and conversions per variant, counted by the query engine as a two-step funnel per variant:
 * step 1 the exposure event carrying the variant, step 2 the goal event. A person counts as exposed
 * once, and as converted when a goal event follows one of their exposures within the experiment's
 * length (`to − from`), so any goal after the first exposure in the experiment counts.
 */
export async function countArms(engine: QueryEngine, request: CountRequest): Promise<Arm[]> {
  const windowMs = Math.max(1, request.to - request.from);
  return Promise.all(
    request.variants.map(async (variant): Promise<Arm> => {
      const [row] = await engine.run({
        kind: 'funnel',
        projectId: request.projectId,
        steps: [
          { event: request.exposureEvent, filters: [{ property: variantProperty(request.flagKey), op: 'eq', value: variant }] },
          { event: request.goalEvent, filters: [] },
        ],
        from: request.from,
        to: request.to,
        windowMs,
      });
      return { exposures: row?.steps[0]?.people ?? 0, conversions: row?.steps[1]?.people ?? 0 };
    }),
  );
}
