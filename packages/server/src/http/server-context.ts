import type { RequestHandler } from 'express';
import type { AuthenticationDependencies } from '../access/authenticate-request.js';
import type { AuthenticateSdkKey } from '../ingest/sdk-key-cache.js';
import type { StorageAdapter } from '../ports/index.js';
import type { CommitEvents } from '../services/track-service.js';
import type { NorthstarLogger, NorthstarRouterOptions } from './options.js';
import type { RateLimitClass } from './routes/route-definition.js';

/** Everything a route module needs, built once per router by `createNorthstarRouter`. */
export interface ServerContext extends AuthenticationDependencies {
  options: NorthstarRouterOptions;
  /** The storage, guarded: failures and time-outs become 503. */
  storage: StorageAdapter;
  clock: () => number;
  logger: NorthstarLogger;
  /** Writes validated events through the group committer; resolves once they are durable. */
  commit: CommitEvents;
  authenticateSdkKey: AuthenticateSdkKey;
  /** The limiter of a rate-limit class: 429 with `Retry-After` and `RateLimit-*` headers when exhausted. */
  rateLimit(limitClass: RateLimitClass): RequestHandler;
  /** Largest JSON body in bytes. */
  maxBodyBytes: number;
}
