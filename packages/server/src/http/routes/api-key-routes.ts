import { z } from 'zod';
import { HttpError, NotFoundError } from '../../errors/index.js';
import { createApiKey } from '../../keys/create-api-key.js';
import type { CreatedApiKey } from '../../keys/create-api-key.js';
import type { ApiKeySummary } from '../../ports/index.js';
import { apiKeyListSchema, apiKeyView, createApiKeyBodySchema, createdApiKeySchema } from '../../schemas/api-key.js';
import { pathIdParam, projectIdParam } from '../../schemas/path-params.js';
import type { ServerContext } from '../server-context.js';
import { defineRoute } from './route-definition.js';
import type { RouteDefinition } from './route-definition.js';

/** The one response that holds a full key: never cached. */
function shownOnce(created: CreatedApiKey) {
  return { ...apiKeyView(created.record), key: created.key };
}

/** `:projectId` and the key's `:id`; an id that cannot exist is 404. */
const keyPathSchema = z.object({ projectId: projectIdParam, id: pathIdParam(() => 'API key not found') });

/** API keys of a project (spec 2.3), admin scope: list, create, rotate, revoke. */
export function apiKeyRoutes(ctx: ServerContext): RouteDefinition[] {
  const { config, clock } = ctx;
  const keys = { tag: 'API keys', limit: 'api', access: { kind: 'project', scope: 'admin' } } as const;

  const loadKey = async (id: number, projectId: number): Promise<ApiKeySummary> => {
    const key = await config.getApiKey(id);
    // Another project's key is not found, whether it exists or not.
    if (!key || key.project_id !== projectId) throw new NotFoundError('API key not found');
    return key;
  };

  return [
    defineRoute({
      ...keys,
      method: 'get',
      path: '/v1/projects/:projectId/api-keys',
      summary: 'Keys of the project, revoked ones included; prefixes only, never the keys',
      responses: { 200: { description: 'Every key, by id', schema: apiKeyListSchema } },
      handler: async ({ projectId }, _req, res) => {
        const items = await config.listApiKeys(projectId);
        res.json({ items: items.map(apiKeyView) });
      },
    }),
    defineRoute({
      ...keys,
      method: 'post',
      path: '/v1/projects/:projectId/api-keys',
      summary: 'Create an SDK key (pk_) or a secret key (sk_) with scopes; the key is shown only in this answer',
      body: { schema: createApiKeyBodySchema },
      responses: { 201: { description: 'The new key, in full this once', schema: createdApiKeySchema } },
      handler: async ({ projectId, body: input }, _req, res) => {
        const created = await createApiKey(config, { projectId, kind: input.kind, scopes: input.scopes, name: input.name ?? null });
        res.set('Cache-Control', 'no-store').status(201).json(shownOnce(created));
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
        const old = await loadKey(params.id, projectId);
        if (old.revoked_at !== null) throw new HttpError(409, 'This key is revoked; create a new one instead');
        const created = await createApiKey(config, { projectId, kind: old.kind, scopes: old.scopes, name: old.name });
        await config.revokeApiKey(old.id, new Date(clock()).toISOString());
        res.set('Cache-Control', 'no-store').status(201).json(shownOnce(created));
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
        const key = await loadKey(params.id, projectId);
        await config.revokeApiKey(key.id, new Date(clock()).toISOString());
        res.status(204).end();
      },
    }),
  ];
}
