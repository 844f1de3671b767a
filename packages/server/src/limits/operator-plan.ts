import { ForbiddenError } from '../errors/index.js';
import type { ProjectPlan } from '../ports/index.js';
import { PROJECT_PLANS } from '../schemas/project.js';

/**
 * Plan of a new project when the operator chose none (the router's `defaultPlan`, the CLI's
 * `NORTHSTAR_DEFAULT_PLAN`): a self-hosted server is its own contract, so enterprise (docs/limits.md).
 */
export const DEFAULT_PROJECT_PLAN: ProjectPlan = 'enterprise';

/** 403: a request tried to choose or change a project's plan, which only the server's operator sets. */
export class PlanSetByOperatorError extends ForbiddenError {
  override name = 'PlanSetByOperatorError';
  constructor() {
    super("A project's plan is set by the server's operator (northstar-server set-plan), not through the API");
  }
}

/** The plan given in code or the environment, checked: a typo is a startup error, not a silent plan. */
export function checkedPlan(plan: unknown, where: string): ProjectPlan {
  if (!(PROJECT_PLANS as readonly unknown[]).includes(plan)) throw new TypeError(`${where} must be one of ${PROJECT_PLANS.join(', ')}, got ${String(plan)}`);
  return plan as ProjectPlan;
}

/**
 * A `plan` in a request body is read-only: the plan the project has (or, on creation, would get) is
 * accepted and changes nothing; any other plan is refused, whoever asks (owner, admin `sk_` included).
 */
export function refusePlanChange(requested: ProjectPlan | undefined, current: ProjectPlan): void {
  if (requested !== undefined && requested !== current) throw new PlanSetByOperatorError();
}
