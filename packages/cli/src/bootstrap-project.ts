import { SECRET_KEY_SCOPES } from '@northstar/core';
import { DEFAULT_PROJECT_PLAN, createApiKey } from '@northstar/server/app';
import type { DemoProject, ProjectPlan, StorageAdapter } from '@northstar/server/app';

/** `northstar-server bootstrap`: a new project of `plan` with one SDK key and one secret key holding every scope. */
export async function bootstrapProject(storage: StorageAdapter, name = 'Default', plan: ProjectPlan = DEFAULT_PROJECT_PLAN): Promise<DemoProject> {
  const project = await storage.config.createProject({ name, plan });
  const pk = await createApiKey(storage.config, { projectId: project.id, kind: 'pk' });
  const sk = await createApiKey(storage.config, { projectId: project.id, kind: 'sk', scopes: [...SECRET_KEY_SCOPES] });
  return { project_id: project.id, pk: pk.key, sk: sk.key };
}
