import type { z } from 'zod';
import {
  eventQuerySchema,
  funnelQuerySchema,
  funnelResponseSchema,
  heatmapQuerySchema,
  heatmapResponseSchema,
  queryResponseSchema,
  retentionQuerySchema,
  retentionResponseSchema,
} from '../../schemas/index.js';
import type { ServerContext } from '../server-context.js';
import { defineRoute } from './route-definition.js';
import type { RouteDefinition } from './route-definition.js';

/** What one kind of query is: its body, its answer and how the services compute it. */
interface QueryKind<S extends z.ZodType> {
  summary: string;
  body: S;
  answer: { description: string; schema: z.ZodType };
  run: (body: z.output<S>) => Promise<unknown>;
}

/**
 * `POST /v1/query/<name>` and its alias `POST /v1/api/query/<name>` (docs/decisions.md): one handler, the
 * same access (a `query`-scoped secret key or a member's JWT, the project named in the body) and limit class.
 */
function queryFamily<S extends z.ZodType>(name: string, kind: QueryKind<S>): RouteDefinition[] {
  const canonical = `/v1/query/${name}`;
  const route = (path: string, summary: string) =>
    defineRoute({
      method: 'post',
      path,
      summary,
      tag: 'Query',
      access: { kind: 'project', scope: 'query', projectFrom: 'body' },
      limit: 'query',
      body: { schema: kind.body },
      responses: { 200: kind.answer },
      handler: async ({ body }, _req, res) => {
        res.json(await kind.run(body));
      },
    });
  return [route(canonical, kind.summary), route(`/v1/api/query/${name}`, `Alias of ${canonical}`)];
}

/** The analytical queries (docs/queries.md, docs/heatmaps.md). */
export function queryRoutes(ctx: ServerContext): RouteDefinition[] {
  const { queries, heatmaps } = ctx.services;
  return [
    ...queryFamily('events', {
      summary: 'Aggregate events per time bucket',
      body: eventQuerySchema,
      answer: { description: 'One zero-filled series per requested event (and group), in request order', schema: queryResponseSchema },
      run: (body) => queries.events(body),
    }),
    ...queryFamily('funnels', {
      summary: 'Conversion through ordered steps',
      body: funnelQuerySchema,
      answer: { description: 'People per step, conversions and median times to convert (and per group with group_by)', schema: funnelResponseSchema },
      run: (body) => queries.funnels(body),
    }),
    ...queryFamily('retention', {
      summary: 'Cohorts of people returning period after period',
      body: retentionQuerySchema,
      answer: { description: 'One row per cohort (period of the range), and the average curve', schema: retentionResponseSchema },
      run: (body) => queries.retention(body),
    }),
    ...queryFamily('heatmaps', {
      summary: 'Heatmap of a page (clicks, scroll, attention)',
      body: heatmapQuerySchema,
      answer: { description: "The page's click cells, scroll reach and attention per band", schema: heatmapResponseSchema },
      run: (body) => heatmaps.query(body),
    }),
  ];
}
