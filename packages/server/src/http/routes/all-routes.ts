import { sdkRoutes } from '../sdk-routes.js';
import type { ServerContext } from '../server-context.js';
import { alertExperimentRoutes } from './alert-experiment-routes.js';
import { apiKeyRoutes } from './api-key-routes.js';
import { authRoutes } from './auth-routes.js';
import { docsRoutes } from './docs-routes.js';
import { embedRoutes } from './embed-routes.js';
import { eventRoutes } from './event-routes.js';
import { ingestionRoutes } from './ingestion-routes.js';
import { memberRoutes } from './member-routes.js';
import { metaRoutes } from './meta-routes.js';
import { projectRoutes } from './project-routes.js';
import { queryRoutes } from './query-routes.js';
import { replayPageRoutes } from './replay-page-routes.js';
import { replayRoutes } from './replay-routes.js';
import { resourceRoutes } from './resource-routes.js';
import type { RouteDefinition } from './route-definition.js';
import { userRoutes } from './user-routes.js';
import { webhookRoutes } from './webhook-routes.js';

/** Every route the router serves, in mounting order: the source of routing, access, OpenAPI and docs/access.md. */
export function allRoutes(ctx: ServerContext, version: string): RouteDefinition[] {
  const routes: RouteDefinition[] = [
    ...ingestionRoutes(ctx),
    ...queryRoutes(ctx),
    ...authRoutes(ctx),
    ...projectRoutes(ctx),
    ...memberRoutes(ctx),
    ...apiKeyRoutes(ctx),
    ...sdkRoutes(ctx.options),
  ];
  routes.push(
    ...resourceRoutes(ctx),
    ...alertExperimentRoutes(ctx),
    ...webhookRoutes(ctx),
    ...userRoutes(ctx),
    ...eventRoutes(ctx),
    ...replayRoutes(ctx),
    ...embedRoutes(ctx),
    ...docsRoutes(),
    ...replayPageRoutes(),
  );
  routes.push(...metaRoutes(() => routes, version));
  return routes;
}
