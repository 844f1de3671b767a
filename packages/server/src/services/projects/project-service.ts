import type { z } from 'zod';
import { NotFoundError } from '../../errors/index.js';
import { createApiKey } from '../../keys/create-api-key.js';
import { refusePlanChange } from '../../limits/operator-plan.js';
import type { ProjectPlan, ProjectRecord, StoragePorts } from '../../ports/index.js';
import { apiKeyView } from '../../schemas/api-key.js';
import type {
  createdProjectSchema,
  createProjectBodySchema,
  patchProjectBodySchema,
  projectListQuerySchema,
  projectListSchema,
  ProjectView,
} from '../../schemas/project.js';
import { projectView } from '../../schemas/project.js';
import { deleteProjectData } from '../delete-project-data.js';

export type CreateProjectInput = z.output<typeof createProjectBodySchema>;
export type PatchProjectInput = z.output<typeof patchProjectBodySchema>;
export type ProjectListQuery = z.output<typeof projectListQuerySchema>;
export type AccountProjectPage = z.output<typeof projectListSchema>;
export type CreatedProject = z.output<typeof createdProjectSchema>;

export interface ProjectServiceDeps {
  ports: Pick<StoragePorts, 'config' | 'eventLog' | 'replays' | 'people'>;
  /** The plan of new projects, already checked (`checkedPlan`). */
  defaultPlan: ProjectPlan;
}

/** Projects: an account's list and creation; reading, editing and deleting one project with its data. */
export function projectService({ ports, defaultPlan }: ProjectServiceDeps) {
  const { config } = ports;
  const load = async (id: number): Promise<ProjectRecord> => {
    const found = await config.getProject(id);
    if (!found) throw new NotFoundError('Project not found');
    return found;
  };

  return {
    /** The account's projects in id order, each with the account's role in it. */
    async listForAccount(accountId: number, { after, limit }: ProjectListQuery): Promise<AccountProjectPage> {
      const page = await config.listProjects({ accountId, after, limit });
      const roles = new Map((await config.listAccountMemberships(accountId)).map((m) => [m.project_id, m.role]));
      const items = page.items.flatMap((p) => {
        const role = roles.get(p.id);
        return role ? [{ ...projectView(p), role }] : [];
      });
      return { items, next: page.next };
    },

    /** A project on the default plan (another plan is 403), owned by its creator, with its first SDK key (shown in full only here). */
    async create(accountId: number, input: CreateProjectInput): Promise<CreatedProject> {
      refusePlanChange(input.plan, defaultPlan);
      const created = await config.createProject({ name: input.name, plan: defaultPlan, settings: input.settings ?? {} });
      await config.addMembership({ account_id: accountId, project_id: created.id, role: 'owner' });
      const pk = await createApiKey(config, { projectId: created.id, kind: 'pk', name: 'Default SDK key' });
      return { project: { ...projectView(created), role: 'owner' }, api_key: { ...apiKeyView(pk.record), key: pk.key } };
    },

    /** One project; 404 when it is gone. */
    get: async (projectId: number): Promise<ProjectView> => projectView(await load(projectId)),

    /** Renames the project or replaces its settings; its plan is the operator's (a different one is 403). */
    async update(projectId: number, patch: PatchProjectInput): Promise<ProjectView> {
      const current = await load(projectId);
      refusePlanChange(patch.plan, current.plan);
      const { name, settings } = patch;
      const updated = await config.updateProject(projectId, { ...(name === undefined ? {} : { name }), ...(settings === undefined ? {} : { settings }) });
      if (!updated) throw new NotFoundError('Project not found');
      return projectView(updated);
    },

    /** Deletes the project with its events, replays, people, keys, members and configuration. */
    async remove(projectId: number): Promise<void> {
      await load(projectId);
      // Events first: if this fails the project still exists and the delete can be retried.
      await deleteProjectData(ports, projectId);
      await config.deleteProject(projectId);
    },
  };
}

export type ProjectService = ReturnType<typeof projectService>;
