import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../../schemas/documents/common.js';
import { experimentResultsSchema } from '../../schemas/experiment-results.js';
import type { ServerContext } from '../server-context.js';
import { documentPathSchema } from './document-routes.js';
import { defineRoute } from './route-definition.js';
import type { RouteDefinition } from './route-definition.js';

const alertHistoryEntrySchema = z.object({
  id: z.int().positive(),
  alert_id: z.int().positive(),
  evaluated_at: z.string().meta({ description: 'When the evaluation ran (ISO 8601 UTC).' }),
  window_start: z.string().meta({ description: 'The measured window: the last completed UTC hour, day, week (from Monday) or month.' }),
  window_end: z.string(),
  value: z
    .number()
    .nullable()
    .meta({ description: 'The metric over the window; null when it has no value for an empty window (avg, min, max, percentiles, per_user).' }),
  condition_met: z.boolean(),
  fired: z.boolean().meta({ description: 'True where the condition started to hold: alert_triggered was sent. Not repeated while it holds.' }),
});

/** An alert's evaluation history and an experiment's results (docs/alerts-experiments.md). */
export function alertExperimentRoutes(ctx: ServerContext): RouteDefinition[] {
  const { alerts, experiments } = ctx.services;
  const read = { access: { kind: 'project', scope: 'read' }, limit: 'api', errors: [404] } as const;
  return [
    defineRoute({
      ...read,
      method: 'get',
      path: '/v1/projects/:projectId/alerts/:id/history',
      summary: "An alert's evaluations, oldest first (keyset pagination by id)",
      tag: 'Alerts',
      params: documentPathSchema('alert'),
      query: pageQuerySchema,
      responses: {
        200: { description: 'A page of evaluations; pass `next` as `after` for the next one', schema: pageSchema(alertHistoryEntrySchema, z.int().positive()) },
      },
      handler: async ({ projectId, params, query }, _req, res) => {
        res.json(await alerts.history(projectId, params.id, query));
      },
    }),
    defineRoute({
      ...read,
      method: 'get',
      path: '/v1/projects/:projectId/experiments/:id/results',
      summary: "An experiment's results: exposures, conversions, rates, lift with its interval, p-values, verdict",
      tag: 'Experiments',
      params: documentPathSchema('experiment'),
      responses: { 200: { description: 'Counted now by the query engine; a draft has zero counts and verdict not_started', schema: experimentResultsSchema } },
      handler: async ({ projectId, params }, _req, res) => {
        res.json(await experiments.results(projectId, params.id));
      },
    }),
  ];
}
