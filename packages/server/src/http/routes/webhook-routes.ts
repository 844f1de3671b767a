import { z } from 'zod';
import { pathIdParam, projectIdParam } from '../../schemas/path-params.js';
import { MAX_WEBHOOK_SECRET_LENGTH, MIN_WEBHOOK_SECRET_LENGTH } from '../../schemas/documents/webhook.js';
import { DEFAULT_ROTATION_OVERLAP_SECONDS, MAX_ROTATION_OVERLAP_SECONDS } from '../../services/webhooks/webhook-actions.js';
import type { ServerContext } from '../server-context.js';
import { documentPathSchema } from './document-routes.js';
import { defineRoute } from './route-definition.js';
import type { RouteDefinition } from './route-definition.js';

const deliveryPathSchema = z.object({
  projectId: projectIdParam,
  id: pathIdParam((raw) => `No webhook ${raw} in this project`),
  deliveryId: pathIdParam((raw) => `No delivery ${raw}`),
});

const queuedSchema = z.object({
  id: z.int().positive().meta({ description: 'The delivery in GET .../deliveries.' }),
  delivery_id: z.string().meta({ description: 'Its X-Webhook-Id.' }),
});

const rotateBodySchema = z
  .object({
    secret: z
      .string({ error: 'secret must be a string' })
      .min(MIN_WEBHOOK_SECRET_LENGTH, `secret must be at least ${MIN_WEBHOOK_SECRET_LENGTH} characters`)
      .max(MAX_WEBHOOK_SECRET_LENGTH, `secret must be at most ${MAX_WEBHOOK_SECRET_LENGTH} characters`)
      .optional()
      .meta({ description: 'The new secret. Generated (whsec_ + base64 of 32 random bytes) when absent.' }),
    overlap_seconds: z
      .int({ error: 'overlap_seconds must be an integer' })
      .min(0, 'overlap_seconds must be at least 0')
      .max(MAX_ROTATION_OVERLAP_SECONDS, `overlap_seconds must be at most ${MAX_ROTATION_OVERLAP_SECONDS}`)
      .optional()
      .meta({ description: `How long deliveries are signed with the old secret too (0: not at all). Default ${DEFAULT_ROTATION_OVERLAP_SECONDS}.` }),
  })
  .strict();

const rotatedSchema = z.object({
  secret: z.string().meta({ description: 'The new secret, shown in this response only.' }),
  secret_prefix: z.string(),
  previous_secret_expires_at: z.string().nullable().meta({ description: 'Until then deliveries carry a signature with the old secret too.' }),
});

/** Actions on a webhook (docs/webhooks.md): send a test event, replay a delivery (write), rotate the secret (admin). */
export function webhookRoutes(ctx: ServerContext): RouteDefinition[] {
  const { webhooks } = ctx.services;
  const common = { tag: 'Webhooks', limit: 'api' } as const;
  return [
    defineRoute({
      ...common,
      access: { kind: 'project', scope: 'write' },
      method: 'post',
      path: '/v1/projects/:projectId/webhooks/:id/test',
      summary: 'Send a webhook_test event to the webhook now (also when it is turned off); its attempts appear in the delivery log',
      params: documentPathSchema('webhook'),
      errors: [404, 503],
      responses: { 202: { description: 'The test delivery is queued', schema: queuedSchema } },
      handler: async ({ projectId, params }, _req, res) => {
        res.status(202).json(await webhooks.sendTest(projectId, params.id));
      },
    }),
    defineRoute({
      ...common,
      access: { kind: 'project', scope: 'write' },
      method: 'post',
      path: '/v1/projects/:projectId/webhooks/:id/deliveries/:deliveryId/replay',
      summary: 'Send a failed or cancelled delivery again: same body, same X-Webhook-Id, up to four new attempts',
      params: deliveryPathSchema,
      errors: [404, 409, 503],
      responses: { 202: { description: 'The replay is queued', schema: queuedSchema.extend({ run: z.int().positive() }) } },
      handler: async ({ projectId, params }, _req, res) => {
        res.status(202).json(await webhooks.replay(projectId, params.id, params.deliveryId));
      },
    }),
    defineRoute({
      ...common,
      access: { kind: 'project', scope: 'admin' },
      method: 'post',
      path: '/v1/projects/:projectId/webhooks/:id/rotate-secret',
      summary: 'Replace the secret; deliveries are signed with the old one too until previous_secret_expires_at',
      params: documentPathSchema('webhook'),
      body: { schema: rotateBodySchema },
      errors: [400, 404, 409, 503],
      responses: { 200: { description: 'The new secret, in full this once', schema: rotatedSchema } },
      handler: async ({ projectId, params, body }, _req, res) => {
        res.set('Cache-Control', 'no-store').json(await webhooks.rotateSecret(projectId, params.id, body));
      },
    }),
  ];
}
