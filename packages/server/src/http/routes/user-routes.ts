import { z } from 'zod';
import { projectIdParam } from '../../schemas/path-params.js';
import {
  eventListSchema,
  eventPageQuerySchema,
  userDeletionSchema,
  userListSchema,
  userPageQuerySchema,
  userSchema,
} from '../../services/users/user-schemas.js';
import type { ServerContext } from '../server-context.js';
import { defineRoute } from './route-definition.js';
import type { RouteDefinition } from './route-definition.js';

const userPath = '/v1/projects/:projectId/users/:userId';

/** `:projectId` and `:userId`, a tracked user's id: whatever the SDK sent. */
const userPathSchema = z.object({ projectId: projectIdParam, userId: z.string() });

/** Tracked users: list, one user's properties, one user's events, and GDPR erasure (admin). */
export function userRoutes(ctx: ServerContext): RouteDefinition[] {
  const { users } = ctx.services;
  const common = { tag: 'Users', limit: 'api' } as const;
  const read = { ...common, access: { kind: 'project', scope: 'read' } } as const;
  return [
    defineRoute({
      ...read,
      method: 'get',
      path: '/v1/projects/:projectId/users',
      summary: 'List tracked users in order of their id (keyset pagination)',
      query: userPageQuerySchema,
      responses: { 200: { description: 'A page of users; pass `next` as `after` for the next one', schema: userListSchema } },
      handler: async ({ projectId, query }, _req, res) => {
        res.json(await users.list(projectId, query));
      },
    }),
    defineRoute({
      ...read,
      method: 'get',
      path: userPath,
      summary: "A tracked user's properties",
      params: userPathSchema,
      errors: [404],
      responses: { 200: { description: 'The user', schema: userSchema } },
      handler: async ({ projectId, params }, _req, res) => {
        res.json(await users.get(projectId, params.userId));
      },
    }),
    defineRoute({
      ...read,
      method: 'get',
      path: `${userPath}/events`,
      summary: "A tracked user's events and those of its linked devices, newest first",
      params: userPathSchema,
      query: eventPageQuerySchema,
      errors: [404],
      responses: { 200: { description: 'A page of events; pass `next` as `before` for older ones', schema: eventListSchema } },
      handler: async ({ projectId, params, query }, _req, res) => {
        res.json(await users.events(projectId, params.userId, query));
      },
    }),
    defineRoute({
      ...common,
      access: { kind: 'project', scope: 'admin' },
      method: 'delete',
      path: userPath,
      summary: 'Erase a user (GDPR): its events, those of its linked devices, its links and properties',
      params: userPathSchema,
      responses: { 200: { description: 'What was deleted; an unknown user deletes nothing (idempotent)', schema: userDeletionSchema } },
      handler: async ({ projectId, params }, _req, res) => {
        res.json(await users.remove(projectId, params.userId));
      },
    }),
  ];
}
