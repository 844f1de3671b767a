import {
  createdProjectSchema,
  createProjectBodySchema,
  patchProjectBodySchema,
  projectListQuerySchema,
  projectListSchema,
  projectSchema,
} from '../../schemas/project.js';
import type { ServerContext } from '../server-context.js';
import { defineRoute } from './route-definition.js';
import type { RouteDefinition } from './route-definition.js';

/** Projects: the signed-in account's list and creation; reading, editing and deleting one project. */
export function projectRoutes(ctx: ServerContext): RouteDefinition[] {
  const { projects } = ctx.services;
  const project = { tag: 'Projects', limit: 'api' } as const;
  return [
    defineRoute({
      ...project,
      method: 'get',
      path: '/v1/projects',
      summary: "The signed-in account's projects, with its role in each",
      access: { kind: 'account' },
      query: projectListQuerySchema,
      responses: { 200: { description: 'A page of projects in id order', schema: projectListSchema } },
      handler: async ({ principal: { accountId }, query }, _req, res) => {
        res.json(await projects.listForAccount(accountId, query));
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
      handler: async ({ principal: { accountId }, body }, _req, res) => {
        const created = await projects.create(accountId, body);
        res.set('Cache-Control', 'no-store').status(201).json(created);
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
        res.json(await projects.get(projectId));
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
      handler: async ({ projectId, body }, _req, res) => {
        res.json(await projects.update(projectId, body));
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
        await projects.remove(projectId);
        res.status(204).end();
      },
    }),
  ];
}
