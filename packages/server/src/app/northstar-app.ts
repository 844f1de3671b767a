import type { LoginProtection } from '../auth/login-protection.js';
import type { AuthenticationDependencies } from '../auth/authentication.js';
import type { PlanRateLimiter } from '../limits/plan-rate-limiter.js';
import type { NorthstarLogger } from '../ports/logger.js';
import type { CommitEvents } from '../services/track-service.js';
import type { ServedStorage } from '../storage/required-ports.js';
import type { NorthstarAppOptions } from './app-options.js';
import type { NorthstarServices } from './app-services.js';
import type { BackgroundWorkers } from './background-workers.js';

/**
 * The service graph of Northstar with no HTTP in it, built once by `createNorthstarApp`: the guarded
 * storage, the group commit, authentication, plan limits, sign-in protection, the services and the
 * job consumers.
 * The Express router and the worker process are two front doors onto one app.
 */
export interface NorthstarApp extends AuthenticationDependencies {
  options: NorthstarAppOptions;
  /** The storage, guarded: failures and time-outs become `StorageUnavailableError` (503). */
  storage: ServedStorage;
  clock: () => number;
  logger: NorthstarLogger;
  /** Writes validated events through the group committer; resolves once they are durable. */
  commit: CommitEvents;
  /** Plan rate limits, counted per class and subject. */
  rateLimiter: PlanRateLimiter;
  /** The password-hash gate and failed sign-in counter of `POST /auth/login`. */
  loginProtection: LoginProtection;
  /** Every operation of the API, typed, with no HTTP: what the routes call and a worker calls too. */
  services: NorthstarServices;
  /** Background consumers of the job queue, run by `northstar-server worker`. */
  workers: BackgroundWorkers;
  /**
   * Stops the job consumers and writes the events gathered by the group commit. The storage is the
   * caller's: it stays open (`storage.dispose()` after this).
   */
  close(): Promise<void>;
}
