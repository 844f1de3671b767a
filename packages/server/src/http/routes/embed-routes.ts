import type { Request } from 'express';
import { z } from 'zod';
import type { Principal } from '../../access/principal.js';
import { pageQuerySchema } from '../../schemas/documents/common.js';
import { createEmbedBodySchema, createdEmbedSchema, embedContentSchema, embedListSchema } from '../../schemas/embed.js';
import { pathIdParam, projectIdParam } from '../../schemas/path-params.js';
import type { EmbedCreator } from '../../services/embeds/embed-service.js';
import { EMBED_CSP, embedPage } from '../embed-page/embed-page.js';
import type { ServerContext } from '../server-context.js';
import { defineRoute } from './route-definition.js';
import type { RouteDefinition } from './route-definition.js';

const embedPathSchema = z.object({ projectId: projectIdParam, id: pathIdParam((raw) => `No embed token ${raw} in this project`) });

/** Browsers may keep an embed answer this long: revocation is immediate on the server, within a minute in a browser. */
const EMBED_CACHE_CONTROL = 'private, max-age=60';

function creatorOf(principal: Principal): EmbedCreator {
  return principal.kind === 'account' ? { kind: 'account', id: principal.accountId } : { kind: 'api_key', id: principal.key.id };
}

/** Where the router is mounted, plus the token's path: what the host serves the embed at. */
function embedPath(req: Request, token: string): string {
  return `${req.baseUrl}/v1/embed/${token}`;
}

/**
 * Embedding (docs/embeds.md): admins mint, list and revoke tokens of a dashboard or one widget;
 * `GET /v1/embed/:token` answers the object's data as JSON, or as a self-contained HTML page.
 */
export function embedRoutes(ctx: ServerContext): RouteDefinition[] {
  const { embeds } = ctx.services;
  const admin = { tag: 'Embedding', limit: 'api', access: { kind: 'project', scope: 'admin' } } as const;
  return [
    defineRoute({
      ...admin,
      method: 'get',
      path: '/v1/projects/:projectId/embeds',
      summary: 'Embed tokens of the project, revoked and expired ones included; never the tokens (keyset pagination by id)',
      query: pageQuerySchema,
      responses: { 200: { description: 'A page of embed token records; pass `next` as `after` for the next one', schema: embedListSchema } },
      handler: async ({ projectId, query }, _req, res) => {
        res.json(await embeds.list(projectId, query));
      },
    }),
    defineRoute({
      ...admin,
      method: 'post',
      path: '/v1/projects/:projectId/embeds',
      summary: 'Mint an embed token for a dashboard or one widget of it; the token is shown only in this answer',
      body: { schema: createEmbedBodySchema, jsonOnly: true },
      responses: { 201: { description: 'The new token, in full this once, and the path that opens it', schema: createdEmbedSchema } },
      errors: [404],
      handler: async ({ projectId, principal, body }, req, res) => {
        const minted = await embeds.create(projectId, body, creatorOf(principal));
        res
          .set('Cache-Control', 'no-store')
          .status(201)
          .json({ ...minted, path: embedPath(req, minted.token) });
      },
    }),
    defineRoute({
      ...admin,
      method: 'delete',
      path: '/v1/projects/:projectId/embeds/:id',
      summary: 'Revoke an embed token at once (it stays listed with revoked_at)',
      params: embedPathSchema,
      responses: { 204: { description: 'Revoked (also when it already was)' } },
      errors: [404],
      handler: async ({ projectId, params }, _req, res) => {
        await embeds.revoke(projectId, params.id);
        res.status(204).end();
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/embed/:token',
      tag: 'Embedding',
      summary: 'The data of an embedded dashboard or widget: JSON, or with Accept: text/html a self-contained page of inline SVG charts',
      access: { kind: 'embed_token' },
      limit: 'embed',
      responses: {
        200: {
          description:
            'JSON by default; `Accept: text/html` gets an HTML page (no script, a strict CSP, embeddable in an iframe from any site). Browsers may cache either for 60 s.',
          schema: embedContentSchema,
          alsoContentTypes: ['text/html'],
        },
      },
      errors: [401, 404],
      handler: async ({ embed }, req, res) => {
        const content = await embeds.contents(embed);
        res.set({ 'Cache-Control': EMBED_CACHE_CONTROL, Vary: 'Accept', 'Access-Control-Allow-Origin': '*' });
        if (req.accepts(['application/json', 'text/html']) === 'text/html') {
          res.set({ 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': EMBED_CSP }).send(embedPage(content));
          return;
        }
        res.json(content);
      },
    }),
  ];
}
