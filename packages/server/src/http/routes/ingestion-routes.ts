import { LIMITS, trackBodySchema, trackResponseSchema } from '../../schemas/index.js';
import type { ServerContext } from '../server-context.js';
import { trackHandler } from '../track-route.js';
import type { RouteDefinition } from './route-definition.js';

/** The collection endpoint: routes called by SDKs with a `pk_` key, from browsers (CORS) and servers. */
export function ingestionRoutes(ctx: ServerContext): RouteDefinition[] {
  const { options, clock, commit } = ctx;
  return [
    {
      method: 'post',
      path: '/v1/track',
      summary: 'Ingest one event or a batch',
      tag: 'Ingestion',
      access: { kind: 'sdk_key' },
      limit: 'track',
      cors: true,
      body: { schema: trackBodySchema, contentTypes: ['application/json', 'text/plain'] },
      responses: { 200: { description: 'Valid events stored; invalid ones reported by index', schema: trackResponseSchema } },
      handler: trackHandler({ commit, clock, maxBatchSize: options.maxBatchSize ?? LIMITS.maxBatchSize }),
    },
  ];
}
