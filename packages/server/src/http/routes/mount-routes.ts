import type { RequestHandler, Router } from 'express';
import { corsHeaders, corsPreflight, projectCors } from '../../ingest/browser-cors.js';
import { cachedProjectOrigins } from '../../ingest/project-origins.js';
import type { ProjectOrigins } from '../../ingest/project-origins.js';
import { authenticateFor, authorizeFor } from '../../access/access-middleware.js';
import { routeBodyGuard } from '../body-guard.js';
import { jsonBody } from '../json-body.js';
import { securityHeaders } from '../security-headers.js';
import { inRequestStorageBudget } from '../../storage/storage-budget.js';
import type { ServerContext } from '../server-context.js';
import type { RouteDefinition } from './route-definition.js';
import { routeHandler } from './route-input.js';

/** Each project's `settings.cors_origins`, read at most once per `projectCorsCacheMs` (docs/ingestion-track.md). */
function projectOrigins(ctx: ServerContext): ProjectOrigins {
  return cachedProjectOrigins(ctx.config, { ttlMs: ctx.options.projectCorsCacheMs ?? 10_000, maxEntries: 10_000, clock: Date.now });
}

/**
 * Passes a rejected promise of `handler` to `next`, as Express 5 does and Express 4 does not: express is
 * a peer dependency, so in an Express 4 host app this router is an Express 4 router, and an async
 * error (a wrong password, a storage outage) would otherwise be an unhandled rejection, not an answer.
 */
function forwardRejection(handler: RequestHandler): RequestHandler {
  return (req, res, next) => {
    const result: unknown = handler(req, res, next);
    if (result instanceof Promise) result.catch((error: unknown) => next(error ?? new Error('Rejected promise')));
  };
}

/**
 * The middleware chain of one route, in the order that answers the cheapest question first:
 * CORS, authentication (401), authorization (403), the project's CORS allow-list (403), rate limit (429),
 * body reading (400/413/415), input validation (400, 404 for path parameters), handler.
 * SDK keys may sit in the body, and query routes name their project in it, so for those the body is
 * read before the step that needs it.
 */
export function routeChain(route: RouteDefinition, ctx: ServerContext, originsOf: ProjectOrigins = projectOrigins(ctx)): RequestHandler[] {
  const body = route.body && route.body.read !== 'raw' ? jsonBody(ctx.maxBodyBytes) : [];
  const authenticate = authenticateFor(route.access, ctx);
  const authorize = authorizeFor(route.access, ctx);
  // Once the project is known: its own CORS allow-list (403 for an origin not on it).
  const origins = route.cors ? projectCors(originsOf) : undefined;
  const limit = route.limit ? ctx.rateLimit(route.limit) : undefined;
  let steps: (RequestHandler | undefined)[];
  if (route.access.kind === 'sdk_key') steps = [...body, authenticate, origins, limit];
  else if (route.access.kind === 'project' && route.access.projectFrom === 'body') steps = [authenticate, ...body, authorize, origins, limit];
  else steps = [authenticate, authorize, origins, limit, ...body];
  if (route.cors) steps.unshift(corsHeaders(ctx.options.corsOrigins));
  steps.push(routeHandler(route));
  return steps
    .filter((step): step is RequestHandler => step !== undefined)
    .map(forwardRejection)
    .map(inRequestStorageBudget);
}

/** Registers every route on `router`; CORS routes also answer their preflight. */
export function mountRoutes(router: Router, routes: RouteDefinition[], ctx: ServerContext): void {
  const originsOf = projectOrigins(ctx);
  for (const route of routes) {
    if (route.cors) router.options(route.path, securityHeaders, corsPreflight(ctx.options.corsOrigins));
    // The body guard comes before everything that could answer early: a 10 GB body is refused unread.
    router[route.method](route.path, securityHeaders, routeBodyGuard(route, ctx.maxBodyBytes), ...routeChain(route, ctx, originsOf));
  }
}
