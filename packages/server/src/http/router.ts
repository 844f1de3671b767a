import type { IncomingMessage, ServerResponse } from 'node:http';
import { Router } from 'express';
import { createAuthentication } from '../auth/authentication.js';
import { NotFoundError } from '../errors/index.js';
import { LIMITS } from '../schemas/index.js';
import { createGroupCommitter } from '../ingest/group-commit.js';
import { cachedSdkKeys } from '../ingest/sdk-key-cache.js';
import { planRateLimiter } from '../limits/plan-rate-limiter.js';
import { guardStorage, storageGuard } from '../storage/guard-storage.js';
import { outsideStorageBudget } from '../storage/storage-budget.js';
import { catchAllBodyGuard } from './body-guard.js';
import { errorHandler } from './error-handler.js';
import type { NorthstarRouterOptions } from './options.js';
import { allRoutes } from './routes/all-routes.js';
import { mountRoutes } from './routes/mount-routes.js';
import { securityHeaders } from './security-headers.js';
import type { ServerContext } from './server-context.js';

/** Version of the API description; follows the server package. */
const API_VERSION = '0.1.0';

/** Builds the shared context of every route from the options. */
export function createServerContext(options: NorthstarRouterOptions): ServerContext {
  const { clock = Date.now, logger = console } = options;
  // One guard: the storage ports and the wait for a group commit share its health and each request's time.
  const guard = storageGuard({
    timeoutMs: options.storageTimeoutMs ?? 5_000,
    retryAfterSeconds: options.storageRetryAfterSeconds ?? 5,
    onHealthChange: (healthy, error) => {
      if (healthy) logger.info?.('[northstar] storage works again');
      else logger.error('[northstar] storage unavailable; answering 503 until it recovers', error);
    },
  });
  const storage = guardStorage(options.storage, guard);
  const committer = createGroupCommitter({
    // A batch serves many requests: its write gets the whole timeout; each request waits within its own.
    write: (events) => outsideStorageBudget(() => storage.events.appendEvents(events)),
    windowMs: options.groupCommitWindowMs ?? 2,
    maxEvents: options.groupCommitMaxEvents ?? 5_000,
    maxConcurrentWrites: options.groupCommitConcurrency ?? 2,
  });
  return {
    options,
    storage,
    clock,
    logger,
    commit: (events) => guard.run('events', 'events.commit', () => committer.commit(events)),
    config: storage.config,
    authenticateSdkKey: cachedSdkKeys(storage.config, { ttlMs: options.sdkKeyCacheMs ?? 10_000, maxEntries: 10_000, clock: Date.now }),
    // Access JWTs (verifyAccessToken, accessTokens) and API-key last-use recording.
    ...createAuthentication(options, storage.config, clock, logger),
    rateLimit: planRateLimiter(options, storage),
    maxBodyBytes: options.maxBodyBytes ?? LIMITS.maxBodyBytes,
  };
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
 */
export function createNorthstarRouter(options: NorthstarRouterOptions): NorthstarRouter {
  const ctx = createServerContext(options);
  const router = Router();
  mountRoutes(router, allRoutes(ctx, API_VERSION), ctx);
  router.use('/v1', securityHeaders, catchAllBodyGuard(ctx.maxBodyBytes), () => {
    throw new NotFoundError('Unknown API path');
  });
  router.use(errorHandler(ctx.logger));
  // An Express router is such a function; Express merely types its parameters as its own Request and Response.
  return router as unknown as NorthstarRouter;
}
