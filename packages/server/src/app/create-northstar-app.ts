import { createAuthentication } from '../auth/authentication.js';
import { loginProtection } from '../auth/login-protection.js';
import { createGroupCommitter } from '../ingest/group-commit.js';
import { cachedSdkKeys } from '../ingest/sdk-key-cache.js';
import { planRateLimiter } from '../limits/plan-rate-limiter.js';
import { guardStorage, storageGuard } from '../storage/guard-storage.js';
import { requirePorts } from '../storage/required-ports.js';
import { outsideStorageBudget } from '../storage/storage-budget.js';
import type { CommitEvents } from '../services/track-service.js';
import type { NorthstarAppOptions } from './app-options.js';
import { startEvaluationScheduler } from '../services/schedule/evaluation-scheduler.js';
import { startReplayRetention } from '../services/schedule/replay-retention.js';
import { createServices } from './app-services.js';
import { createBackgroundWorkers } from './background-workers.js';
import type { NorthstarApp } from './northstar-app.js';
import { deliveryWorker, dispatchingSink } from './webhook-worker.js';

const apps = new WeakSet<object>();

/** True for an app built by `createNorthstarApp` (the router accepts one in place of its options). */
export function isNorthstarApp(value: object): value is NorthstarApp {
  return apps.has(value);
}

/**
 * Builds the service graph from the options; nothing in it knows HTTP. Throws `MissingPortError` when
 * the storage lacks one of the ports the app serves (eventLog, queryEngine, people, replays, config).
 */
export function createNorthstarApp(options: NorthstarAppOptions): NorthstarApp {
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
  const storage = guardStorage(requirePorts(options.storage), guard);
  const committer = createGroupCommitter({
    // A batch serves many requests: its write gets the whole timeout; each request waits within its own.
    write: (events) => outsideStorageBudget(() => storage.eventLog.appendEvents(events)),
    windowMs: options.groupCommitWindowMs ?? 2,
    maxEvents: options.groupCommitMaxEvents ?? 5_000,
    maxConcurrentWrites: options.groupCommitConcurrency ?? 2,
  });
  const commit: CommitEvents = (events) => guard.run('eventLog', 'eventLog.commit', () => committer.commit(events));
  // Built in the order they always were (an invalid option fails the first to read it).
  const authenticateSdkKey = cachedSdkKeys(storage.config, { ttlMs: options.sdkKeyCacheMs ?? 10_000, maxEntries: 10_000, clock: Date.now });
  // Access JWTs (verifyAccessToken, accessTokens) and API-key last-use recording.
  const authentication = createAuthentication(options, storage.config, clock, logger);
  const rateLimiter = planRateLimiter(options, storage);
  const protection = loginProtection(options.loginProtection ?? {}, options.rateLimitStore ?? storage.rateLimits, clock);
  // Webhook delivery, alert and experiment evaluation, and replay retention register here.
  const workers = createBackgroundWorkers();
  // Alerts and experiments emit their events through the webhook delivery (docs/webhooks.md).
  const webhookEvents = dispatchingSink({ config: storage.config, jobs: storage.jobs, clock });
  if (storage.jobs) workers.register(deliveryWorker(options, storage.jobs, storage.config, clock, logger));
  const app: NorthstarApp = {
    options,
    storage,
    clock,
    logger,
    commit,
    config: storage.config,
    authenticateSdkKey,
    ...authentication,
    rateLimiter,
    loginProtection: protection,
    services: createServices({
      storage,
      commit,
      accessTokens: authentication.accessTokens,
      embedTokens: authentication.embedTokens,
      loginProtection: protection,
      clock,
      options,
      webhookEvents,
    }),
    workers,
    async close() {
      await workers.stop();
      await committer.flush();
    },
  };
  const { jobs } = storage;
  if (jobs) {
    const { alerts, experiments } = app.services;
    workers.register({ name: 'evaluations', start: () => startEvaluationScheduler({ config: storage.config, jobs, alerts, experiments, clock, logger }) });
    workers.register({
      name: 'replay-retention',
      start: () => startReplayRetention({ config: storage.config, replays: storage.replays, jobs, clock, logger }),
    });
  }
  apps.add(app);
  return app;
}
