import { z } from 'zod';
import { apiKeyListSchema, createApiKeyBodySchema, createdApiKeySchema } from '../../schemas/api-key.js';
import { pathIdParam, projectIdParam } from '../../schemas/path-params.js';
import type { ServerContext } from '../server-context.js';
import { defineRoute } from './route-definition.js';
import type { RouteDefinition } from './route-definition.js';

/** `:projectId` and the key's `:id`; an id that cannot exist is 404. */
const keyPathSchema = z.object({ projectId: projectIdParam, id: pathIdParam(() => 'API key not found') });

/** API keys of a project (spec 2.3), admin scope: list, create, rotate, revoke. */
export function apiKeyRoutes(ctx: ServerContext): RouteDefinition[] {
  const { apiKeys } = ctx.services;
  const keys = { tag: 'API keys', limit: 'api', access: { kind: 'project', scope: 'admin' } } as const;

  return [
    defineRoute({
      ...keys,
      method: 'get',
      path: '/v1/projects/:projectId/api-keys',
      summary: 'Keys of the project, revoked ones included; prefixes only, never the keys',
      responses: { 200: { description: 'Every key, by id', schema: apiKeyListSchema } },
      handler: async ({ projectId }, _req, res) => {
        res.json(await apiKeys.list(projectId));
      },
    }),
    defineRoute({
      ...keys,
      method: 'post',
      path: '/v1/projects/:projectId/api-keys',
      summary: 'Create an SDK key (pk_) or a secret key (sk_) with scopes; the key is shown only in this answer',
      body: { schema: createApiKeyBodySchema },
      responses: { 201: { description: 'The new key, in full this once', schema: createdApiKeySchema } },
      handler: async ({ projectId, body }, _req, res) => {
        const created = await apiKeys.create(projectId, body);
        // The one answer that holds a full key: never cached.
        res.set('Cache-Control', 'no-store').status(201).json(created);
      },
    }),
    defineRoute({
      ...keys,
      method: 'post',
      path: '/v1/projects/:projectId/api-keys/:id/rotate',
      summary: 'Replace a key with a new one of the same kind, name and scopes; the old one is revoked',
      responses: { 201: { description: 'The new key, in full this once', schema: createdApiKeySchema } },
      params: keyPathSchema,
      errors: [404, 409],
      handler: async ({ projectId, params }, _req, res) => {
        const created = await apiKeys.rotate(projectId, params.id);
        res.set('Cache-Control', 'no-store').status(201).json(created);
      },
    }),
    defineRoute({
      ...keys,
      method: 'delete',
      path: '/v1/projects/:projectId/api-keys/:id',
      summary: 'Revoke a key (it stays listed with revoked_at)',
      responses: { 204: { description: 'Revoked (also when it already was)' } },
      params: keyPathSchema,
      errors: [404],
      handler: async ({ projectId, params }, _req, res) => {
        await apiKeys.revoke(projectId, params.id);
        res.status(204).end();
      },
    }),
  ];
}
