import type { SecretKeyScope } from '@northstar/core';
import { createApiKey } from '../keys/create-api-key.js';
import { DEFAULT_PROJECT_PLAN } from '../limits/operator-plan.js';
import type { ProjectPlan, StorageAdapter } from '../ports/index.js';

export interface DemoProject {
  project_id: number;
  /** SDK key for the demo page. */
  pk: string;
  /** Secret key for queries. */
  sk: string;
}

/** Scopes of the demo secret key: enough to query and read, nothing destructive. */
export const DEMO_SECRET_SCOPES: SecretKeyScope[] = ['query', 'read'];

/** Creates a "Demo" project of `plan` with one SDK key and one secret key (`query`, `read`). */
export async function seedDemoProject(storage: StorageAdapter, plan: ProjectPlan = DEFAULT_PROJECT_PLAN): Promise<DemoProject> {
  const project = await storage.config.createProject({ name: 'Demo', plan });
  const pk = await createApiKey(storage.config, { projectId: project.id, kind: 'pk' });
  const sk = await createApiKey(storage.config, { projectId: project.id, kind: 'sk', scopes: DEMO_SECRET_SCOPES });
  return { project_id: project.id, pk: pk.key, sk: sk.key };
}
