import { eventQuerySchema, queryResponseSchema } from '../../schemas/index.js';
import { eventQueryHandler } from '../query-route.js';
import type { ServerContext } from '../server-context.js';
import { defineRoute } from './route-definition.js';
import type { RouteDefinition } from './route-definition.js';

/** Analytical queries. The spec names both forms; `/v1/query/*` is an alias of `/v1/api/query/*`. */
export function queryRoutes(ctx: ServerContext): RouteDefinition[] {
  const query = (path: string, summary: string) =>
    defineRoute({
      method: 'post',
      path,
      summary,
      tag: 'Query',
      access: { kind: 'project', scope: 'query', projectFrom: 'body' },
      limit: 'query',
      body: { schema: eventQuerySchema },
      responses: { 200: { description: 'One zero-filled series per requested event (and group), in request order', schema: queryResponseSchema } },
      handler: eventQueryHandler(ctx.services.queries),
    });
  return [query('/v1/api/query/events', 'Aggregate events per time bucket'), query('/v1/query/events', 'Alias of /v1/api/query/events')];
}
