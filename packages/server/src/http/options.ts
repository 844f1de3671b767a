import type { StorageAdapter } from '../ports/index.js';

/** Where unexpected errors are reported. */
export interface NorthstarLogger {
  error(message: string, error: unknown): void;
  /** Notices such as "storage recovered"; dropped when absent. */
  info?(message: string): void;
}

export interface NorthstarRouterOptions {
  /** Events and configuration. */
  storage: StorageAdapter;
  /** Current time in epoch ms; tests pass a fixed clock. @default Date.now */
  clock?: () => number;
  /**
   * Origins allowed to call the ingestion routes from a browser: `'*'` for any, or a list of exact origins.
   * @default '*'
   */
  corsOrigins?: '*' | string[];
  /**
   * File served at `/sdk/northstar.js` and `/sdk/<version>/northstar.min.js`.
   * @default the file of `@northstar/browser/cdn`, resolved at the first request
   */
  sdkScriptPath?: string;
  /**
   * File served at `/sdk/northstar.debug.js`.
   * @default the file of `@northstar/browser/cdn-debug`, resolved at the first request
   */
  sdkDebugScriptPath?: string;
  /**
   * Version in the immutable script path `/sdk/<version>/northstar.min.js`.
   * @default the `version` of `@northstar/browser/package.json`
   */
  sdkVersion?: string;
  /** Largest request body in bytes; larger bodies get 413. @default 1048576 */
  maxBodyBytes?: number;
  /** Most events in one `{ batch }` body; more get 413. @default 500 */
  maxBatchSize?: number;
  /** Receives unexpected (500) errors, once each, and storage outages once per outage. @default console */
  logger?: NorthstarLogger;
  /**
   * How long `/v1/track` gathers concurrent requests into one `appendEvents` call, in ms. Each
   * request is answered once the batch holding its events is durable. 0 still batches what arrives
   * in the same tick. Only the first request of a batch waits, and only while a write slot is free.
   * @default 2
   */
  groupCommitWindowMs?: number;
  /** A gathered batch reaching this many events is written before its window ends. @default 5000 */
  groupCommitMaxEvents?: number;
  /**
   * Batches written at the same time. While every slot is busy, new requests gather into the next
   * batch without a timer, which is written as soon as a slot frees up.
   * @default 2
   */
  groupCommitConcurrency?: number;
  /**
   * How long `/v1/track` trusts an SDK key that authenticated before reading the key table again, in
   * ms; a revoked `pk_` key stops working within this time. 0 reads the table on every request.
   * @default 10000
   */
  sdkKeyCacheMs?: number;
  /**
   * Longest a storage call may take; after it the request gets 503 `{ error }` with `Retry-After`
   * (a database that is down fails faster, as soon as the adapter rejects).
   * @default 5000
   */
  storageTimeoutMs?: number;
  /** `Retry-After` (seconds) of a 503 caused by storage. @default 5 */
  storageRetryAfterSeconds?: number;
}
