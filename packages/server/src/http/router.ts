import { Router } from 'express';
import cors from 'cors';
import { NotFoundError } from '../errors/index.js';
import { LIMITS } from '../schemas/index.js';
import { createGroupCommitter } from '../ingest/group-commit.js';
import { cachedSdkKeys } from '../ingest/sdk-key-cache.js';
import { guardStorage } from '../storage/guard-storage.js';
import { errorHandler } from './error-handler.js';
import { jsonBody } from './json-body.js';
import { buildOpenApiDocument } from './openapi.js';
import type { NorthstarRouterOptions } from './options.js';
import { eventQueryHandler, requireSecretKey } from './query-route.js';
import { sdkRoutes } from './sdk-routes.js';
import { trackHandler } from './track-route.js';

/** Query routes: the spec names both forms; `/v1/query/*` is an alias of `/v1/api/query/*`. */
const EVENT_QUERY_PATHS = ['/v1/api/query/events', '/v1/query/events'];

/**
 * The Northstar HTTP API as an Express router, to mount anywhere in a host app (`app.use('/ns', router)`).
 * Requests it does not know fall through to the host app, except under `/v1/`, which it owns.
 */
export function createNorthstarRouter(options: NorthstarRouterOptions): Router {
  const { clock = Date.now, logger = console } = options;
  const storage = guardStorage(options.storage, {
    timeoutMs: options.storageTimeoutMs ?? 5_000,
    retryAfterSeconds: options.storageRetryAfterSeconds ?? 5,
    onHealthChange: (healthy, error) => {
      if (healthy) logger.info?.('[northstar] storage works again');
      else logger.error('[northstar] storage unavailable; answering 503 until it recovers', error);
    },
  });
  const committer = createGroupCommitter({
    write: (events) => storage.events.appendEvents(events),
    windowMs: options.groupCommitWindowMs ?? 2,
    maxEvents: options.groupCommitMaxEvents ?? 5_000,
    maxConcurrentWrites: options.groupCommitConcurrency ?? 2,
  });
  const authenticate = cachedSdkKeys(storage.config, { ttlMs: options.sdkKeyCacheMs ?? 10_000, maxEntries: 10_000, clock: Date.now });
  const body = jsonBody(options.maxBodyBytes ?? LIMITS.maxBodyBytes);
  const ingestCors = cors({
    origin: options.corsOrigins === undefined || options.corsOrigins === '*' ? '*' : options.corsOrigins,
    methods: ['POST', 'OPTIONS'],
    allowedHeaders: ['Content-Type', 'X-API-Key', 'Authorization'],
    maxAge: 86_400,
  });
  let openApi: Record<string, unknown> | undefined;

  const router = Router();
  router.options('/v1/track', ingestCors);
  router.post('/v1/track', ingestCors, ...body, trackHandler({ authenticate, commit: (events) => committer.commit(events), clock, maxBatchSize: options.maxBatchSize ?? LIMITS.maxBatchSize }));
  router.post(EVENT_QUERY_PATHS, requireSecretKey(storage, 'query'), ...body, eventQueryHandler(storage));
  router.get('/v1/openapi.json', (_req, res) => {
    openApi ??= buildOpenApiDocument();
    res.json(openApi);
  });
  router.use(sdkRoutes(options));
  router.use('/v1', () => {
    throw new NotFoundError('Unknown API path');
  });
  router.use(errorHandler(logger));
  return router;
}
