import type { IncomingMessage, ServerResponse } from 'node:http';
import { Router } from 'express';
import type { NorthstarApp } from '../app/northstar-app.js';
import { createNorthstarApp, isNorthstarApp } from '../app/create-northstar-app.js';
import { NotFoundError } from '../errors/index.js';
import { LIMITS } from '../schemas/index.js';
import { catchAllBodyGuard } from './body-guard.js';
import { errorHandler } from './error-handler.js';
import type { NorthstarHttpOptions, NorthstarRouterOptions } from './options.js';
import { rateLimitMiddleware } from './rate-limit-middleware.js';
import { allRoutes } from './routes/all-routes.js';
import { mountRoutes } from './routes/mount-routes.js';
import { securityHeaders } from './security-headers.js';
import type { ServerContext } from './server-context.js';

/** Version of the API description; follows the server package. */
const API_VERSION = '0.1.0';

/**
 * The shared context of every route: the app (built from the options, or given) and the HTTP layer
 * over it (the rate limiter as middleware, the body limit).
 */
export function createServerContext(options: NorthstarRouterOptions): ServerContext;
export function createServerContext(app: NorthstarApp, http?: NorthstarHttpOptions): ServerContext;
export function createServerContext(optionsOrApp: NorthstarRouterOptions | NorthstarApp, http: NorthstarHttpOptions = {}): ServerContext {
  const given = isNorthstarApp(optionsOrApp);
  const app = given ? optionsOrApp : createNorthstarApp(optionsOrApp);
  const options: NorthstarRouterOptions = given ? { ...app.options, ...http } : optionsOrApp;
  return { ...app, app, options, rateLimit: rateLimitMiddleware(app.rateLimiter), maxBodyBytes: options.maxBodyBytes ?? LIMITS.maxBodyBytes };
}

/**
 * What `createNorthstarRouter` returns: an Express router, typed as the middleware function that both
 * Express 4 and Express 5 accept in `app.use('/ns', router)`, so that the public types name no
 * `@types/express` version. It needs an Express app around it (`req`/`res` as Express extends them).
 */
export type NorthstarRouter = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/**
 * The Northstar HTTP API as an Express router, to mount anywhere in a host app (`app.use('/ns', router)`).
 * Requests it does not know fall through to the host app, except under `/v1/`, which it owns.
 * Given the options, it builds its own app; given an app (`createNorthstarApp`), it serves that one, so
 * that a router and a worker in one process share it.
 */
export function createNorthstarRouter(options: NorthstarRouterOptions): NorthstarRouter;
export function createNorthstarRouter(app: NorthstarApp, http?: NorthstarHttpOptions): NorthstarRouter;
export function createNorthstarRouter(optionsOrApp: NorthstarRouterOptions | NorthstarApp, http?: NorthstarHttpOptions): NorthstarRouter {
  const ctx = isNorthstarApp(optionsOrApp) ? createServerContext(optionsOrApp, http) : createServerContext(optionsOrApp);
  const router = Router();
  mountRoutes(router, allRoutes(ctx, API_VERSION), ctx);
  router.use('/v1', securityHeaders, catchAllBodyGuard(ctx.maxBodyBytes), () => {
    throw new NotFoundError('Unknown API path');
  });
  router.use(errorHandler(ctx.logger));
  // An Express router is such a function; Express merely types its parameters as its own Request and Response.
  return router as unknown as NorthstarRouter;
}
