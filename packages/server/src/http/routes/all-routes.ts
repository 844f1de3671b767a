import { sdkRoutes } from '../sdk-routes.js';
import type { ServerContext } from '../server-context.js';
import { ingestionRoutes } from './ingestion-routes.js';
import { metaRoutes } from './meta-routes.js';
import { queryRoutes } from './query-routes.js';
import type { RouteDefinition } from './route-definition.js';

/** Every route the router serves, in mounting order: the source of routing, access, OpenAPI and docs/access.md. */
export function allRoutes(ctx: ServerContext, version: string): RouteDefinition[] {
  const routes: RouteDefinition[] = [...ingestionRoutes(ctx), ...queryRoutes(ctx), ...sdkRoutes(ctx.options)];
  routes.push(...metaRoutes(() => routes, version));
  return routes;
}
