import type { ProjectPlan, StorageAdapter } from '@northstar/server/app';
export interface PlanChange {
  project_id: number;
  plan: ProjectPlan;
  previous_plan: ProjectPlan;
}

/**
 * `northstar-server set-plan --project <id> --plan <plan>`: the one way to change a project's plan
 * (the API refuses it to every account and key). A running server applies the new limits within its
 * `planCacheMs` (10 s by default).
 */
export async function setProjectPlan(storage: StorageAdapter, projectId: number, plan: ProjectPlan): Promise<PlanChange> {
  const project = await storage.config.getProject(projectId);
  if (!project) throw new Error(`Project ${projectId} not found`);
  const updated = await storage.config.updateProject(projectId, { plan });
  if (!updated) throw new Error(`Project ${projectId} not found`);
  return { project_id: projectId, plan: updated.plan, previous_plan: project.plan };
}
