import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../../schemas/documents/common.js';
import { surveyResponsesQuerySchema } from '../../schemas/documents/survey-responses.js';
import { surveyResultsSchema } from '../../schemas/survey-results.js';
import { webhookDeliverySchema } from '../../schemas/documents/webhook.js';
import type { DocumentServices } from '../../services/documents/document-services.js';
import { eventSchema } from '../../services/users/user-schemas.js';
import type { ServerContext } from '../server-context.js';
import { documentPathSchema, documentRoutes } from './document-routes.js';
import { defineRoute } from './route-definition.js';
import type { RouteDefinition } from './route-definition.js';

const responseSchema = eventSchema.extend({
  response: z.union([z.string(), z.number()]).nullable().meta({ description: 'The answer: a number for nps and csat, else the text or the chosen choice.' }),
});

/** Read-only lists under a resource: a survey's responses and results, and a webhook's delivery log. */
function subResourceRoutes({ surveys, webhooks }: DocumentServices): RouteDefinition[] {
  const read = { access: { kind: 'project', scope: 'read' }, limit: 'api', errors: [404] } as const;
  return [
    defineRoute({
      ...read,
      method: 'get',
      path: '/v1/projects/:projectId/surveys/:id/responses',
      summary: "A survey's responses, newest first (from its $survey_sent events)",
      tag: 'Surveys',
      params: documentPathSchema('survey'),
      query: surveyResponsesQuerySchema,
      responses: { 200: { description: 'A page of responses; pass `next` as `before` for older ones', schema: pageSchema(responseSchema, z.string()) } },
      handler: async ({ projectId, params, query }, _req, res) => {
        res.json(await surveys.responses(projectId, params.id, query));
      },
    }),
    defineRoute({
      ...read,
      method: 'get',
      path: '/v1/projects/:projectId/surveys/:id/results',
      summary: "A survey's results: per question, people per answer, the NPS, the CSAT average and shares, with 95 % intervals",
      tag: 'Surveys',
      params: documentPathSchema('survey'),
      responses: { 200: { description: "Each person's newest answer per question, all locales together (docs/surveys.md)", schema: surveyResultsSchema } },
      handler: async ({ projectId, params }, _req, res) => {
        res.json(await surveys.results(projectId, params.id));
      },
    }),
    defineRoute({
      ...read,
      method: 'get',
      path: '/v1/projects/:projectId/webhooks/:id/deliveries',
      summary: "A webhook's delivery attempts, oldest first (keyset pagination by id)",
      tag: 'Webhooks',
      params: documentPathSchema('webhook'),
      query: pageQuerySchema,
      responses: {
        200: { description: 'A page of deliveries; pass `next` as `after` for the next one', schema: pageSchema(webhookDeliverySchema, z.int().positive()) },
      },
      handler: async ({ projectId, params, query }, _req, res) => {
        res.json(await webhooks.deliveries(projectId, params.id, query));
      },
    }),
  ];
}

/** CRUD for dashboards, segments, alerts, experiments, flags, guides, surveys and webhooks, and their sub-lists. */
export function resourceRoutes(ctx: ServerContext): RouteDefinition[] {
  const documents = ctx.services.documents;
  const { dashboards, segments, alerts, experiments, flags, guides, surveys, webhooks } = documents;
  return [
    ...[dashboards, segments, alerts, experiments, flags, guides, surveys, webhooks].flatMap((service) => documentRoutes(service)),
    ...subResourceRoutes(documents),
  ];
}
