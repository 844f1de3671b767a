import { NotFoundError } from '../../errors/index.js';
import { createApiKey } from '../../keys/create-api-key.js';
import { checkedPlan, DEFAULT_PROJECT_PLAN, refusePlanChange } from '../../limits/operator-plan.js';
import { apiKeyView } from '../../schemas/api-key.js';
import {
  createdProjectSchema,
  createProjectBodySchema,
  patchProjectBodySchema,
  projectListQuerySchema,
  projectListSchema,
  projectSchema,
  projectView,
} from '../../schemas/project.js';
import { deleteProjectData } from '../../services/delete-project-data.js';
import type { ServerContext } from '../server-context.js';
import { defineRoute } from './route-definition.js';
import type { RouteDefinition } from './route-definition.js';

/** Projects: the signed-in account's list and creation; reading, editing and deleting one project. */
export function projectRoutes(ctx: ServerContext): RouteDefinition[] {
  const { config, storage } = ctx;
  const project = { tag: 'Projects', limit: 'api' } as const;
  const defaultPlan = checkedPlan(ctx.options.defaultPlan ?? DEFAULT_PROJECT_PLAN, 'defaultPlan');
  const loadProject = async (id: number) => {
    const found = await config.getProject(id);
    if (!found) throw new NotFoundError('Project not found');
    return found;
  };
  return [
    defineRoute({
      ...project,
      method: 'get',
      path: '/v1/projects',
      summary: "The signed-in account's projects, with its role in each",
      access: { kind: 'account' },
      query: projectListQuerySchema,
      responses: { 200: { description: 'A page of projects in id order', schema: projectListSchema } },
      handler: async ({ principal: { accountId }, query: { after, limit } }, _req, res) => {
        const page = await config.listProjects({ accountId, after, limit });
        const roles = new Map((await config.listAccountMemberships(accountId)).map((m) => [m.project_id, m.role]));
        const items = page.items.flatMap((p) => {
          const role = roles.get(p.id);
          return role ? [{ ...projectView(p), role }] : [];
        });
        res.json({ items, next: page.next });
      },
    }),
    defineRoute({
      ...project,
      method: 'post',
      path: '/v1/projects',
      summary: "Create a project on the server's default plan; the creator becomes its owner and gets its first SDK key",
      access: { kind: 'account' },
      body: { schema: createProjectBodySchema },
      responses: { 201: { description: 'The project and its SDK key, shown in full only here', schema: createdProjectSchema } },
      errors: [403],
      handler: async ({ principal: { accountId }, body: input }, _req, res) => {
        refusePlanChange(input.plan, defaultPlan);
        const created = await config.createProject({ name: input.name, plan: defaultPlan, settings: input.settings ?? {} });
        await config.addMembership({ account_id: accountId, project_id: created.id, role: 'owner' });
        const pk = await createApiKey(config, { projectId: created.id, kind: 'pk', name: 'Default SDK key' });
        res.set('Cache-Control', 'no-store').status(201).json({
          project: { ...projectView(created), role: 'owner' },
          api_key: { ...apiKeyView(pk.record), key: pk.key },
        });
      },
    }),
    defineRoute({
      ...project,
      method: 'get',
      path: '/v1/projects/:projectId',
      summary: 'One project',
      access: { kind: 'project', scope: 'read' },
      responses: { 200: { description: 'The project', schema: projectSchema } },
      errors: [404],
      handler: async ({ projectId }, _req, res) => {
        res.json(projectView(await loadProject(projectId)));
      },
    }),
    defineRoute({
      ...project,
      method: 'patch',
      path: '/v1/projects/:projectId',
      summary: "Rename a project or replace its settings (its plan is the operator's: a different plan is 403)",
      access: { kind: 'project', scope: 'write' },
      body: { schema: patchProjectBodySchema },
      responses: { 200: { description: 'The updated project', schema: projectSchema } },
      errors: [404],
      handler: async ({ projectId, body: patch }, _req, res) => {
        const current = await loadProject(projectId);
        refusePlanChange(patch.plan, current.plan);
        const { name, settings } = patch;
        const updated = await config.updateProject(projectId, { ...(name === undefined ? {} : { name }), ...(settings === undefined ? {} : { settings }) });
        if (!updated) throw new NotFoundError('Project not found');
        res.json(projectView(updated));
      },
    }),
    defineRoute({
      ...project,
      method: 'delete',
      path: '/v1/projects/:projectId',
      summary: 'Delete a project with its events, keys, members and configuration',
      access: { kind: 'project', scope: 'admin' },
      responses: { 204: { description: 'Deleted' } },
      errors: [404],
      handler: async ({ projectId }, _req, res) => {
        await loadProject(projectId);
        // Events first: if this fails the project still exists and the delete can be retried.
        await deleteProjectData(storage, projectId);
        await config.deleteProject(projectId);
        res.status(204).end();
      },
    }),
  ];
}
