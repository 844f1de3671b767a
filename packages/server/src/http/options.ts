import type { RateLimitOptions } from '../limits/rate-limit-options.js';
import type { ProjectPlan, RateLimitStore, StorageAdapter } from '../ports/index.js';
import type { ScryptCost } from '../auth/password-hash.js';
import type { LoginProtectionOptions } from '../auth/login-protection.js';

/** Where unexpected errors are reported. */
export interface NorthstarLogger {
  error(message: string, error: unknown): void;
  /** Notices such as "storage recovered"; dropped when absent. */
  info?(message: string): void;
  /** Configuration warnings (e.g. no `jwtSecret`); `info` receives them when absent. */
  warn?(message: string): void;
}

export interface NorthstarRouterOptions {
  /** Events and configuration. */
  storage: StorageAdapter;
  /** Current time in epoch ms; tests pass a fixed clock. @default Date.now */
  clock?: () => number;
  /**
   * Origins allowed to call the ingestion routes from a browser: `'*'` for any, or a list of exact origins.
   * Preflights follow this; a project's own `settings.cors_origins` list, when set, replaces it for the
   * requests of that project's key (docs/ingestion-track.md).
   * @default '*'
   */
  corsOrigins?: '*' | string[];
  /**
   * How long a project's own allow-list (`settings.cors_origins`, enforced on browser requests once the
   * key named the project) is trusted before the project is read again, in ms. @default 10000
   */
  projectCorsCacheMs?: number;
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
  /**
   * `/v1/track` rejects (per event) an event whose time, after `sent_at` correction, lies more than this
   * many ms before the receive time; `Infinity` accepts any age (backfills). @default 2592000000 (30 days)
   */
  maxEventAgeMs?: number;
  /**
   * `/v1/track` rejects (per event) an event whose time, after `sent_at` correction, lies more than this
   * many ms after the receive time (docs/ingestion-track.md). @default 3600000 (1 hour)
   */
  maxEventAheadMs?: number;
  /** Receives unexpected (500) errors, once each, and storage outages once per outage. @default console */
  logger?: NorthstarLogger;
  /**
   * How long `/v1/track` gathers concurrent requests into one `appendEvents` call, in ms. Each
   * request is answered once the batch holding its events is durable. 0 still batches what arrives
   * in the same tick. Only the first request of a batch waits, and only while a write slot is free;
   * it never waits longer than the previous write took (a memory store waits for no timer).
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
   * Longest a request may wait on storage, all its calls together (key lookup, plan, rate-limit
   * counter, the handler's reads and writes; not the time between them); after it the request gets
   * 503 `{ error }` with `Retry-After` (a database that is down fails faster, as soon as the adapter rejects).
   * @default 5000
   */
  storageTimeoutMs?: number;
  /** `Retry-After` (seconds) of a 503 caused by storage. @default 5 */
  storageRetryAfterSeconds?: number;
  /**
   * Accept webhook URLs whose host is or resolves to a loopback, private, link-local or other internal
   * address (tests; a self-hosted server posting inside its own network). Scheme and credential rules
   * still apply (docs/api-resources.md).
   * @default false
   */
  allowPrivateWebhookUrls?: boolean;
  /**
   * Key that encrypts webhook secrets at rest (AES-256-GCM; stored as `enc:v1:...`), so that a copy of
   * the database alone cannot sign deliveries: 32 bytes, as bytes, 64 hex characters or base64
   * (`openssl rand -base64 32`). Every process on one database needs the same key, and it must outlive
   * restarts (the CLI reads `NORTHSTAR_SECRETS_KEY`, else generates `<data dir>/secrets-key` once).
   * No default: without it, creating or changing a webhook answers 503 (docs/api-resources.md).
   */
  secretsKey?: string | Uint8Array;
  /**
   * Per-plan rate limits (docs/limits.md), merged over the defaults: e.g. the enterprise numbers of a
   * contract, `{ plans: { enterprise: { track: 50_000 } } }`, or one project's, `{ projects: { 42: { track: 20_000 } } }`.
   * `false` turns rate limiting off.
   * @default free: track 100/min, query 60/min; pro: track 1000/min, query 600/min; embed 120/min per token; ...
   */
  rateLimits?: RateLimitOptions | false;
  /**
   * Where the rate-limit counters live. Processes that share one store share one budget.
   * @default storage.rateLimits (the database of a SQL storage), else this process's memory
   */
  rateLimitStore?: RateLimitStore;
  /**
   * Plan of a project created through `POST /v1/projects` (docs/limits.md). A self-hosted server is its
   * own contract, so new projects get the enterprise limits, which a busy site does not trip; a
   * multi-tenant host that sells plans passes `'free'`. Accounts and keys never choose or change a
   * plan: the operator does (`northstar-server set-plan`, or `ConfigStore.updateProject`).
   * @default 'enterprise'
   */
  defaultPlan?: ProjectPlan;
  /**
   * Key of the access JWTs (HS256), at least 32 bytes; a string is taken as its UTF-8 bytes. Every
   * process behind one address needs the same secret. Changing it voids every access token at once
   * (browsers get new ones from `POST /auth/refresh`; refresh tokens are stored, not signed).
   * @default a random secret per process, with a warning: fine for one process, wrong for several
   */
  jwtSecret?: string | Uint8Array;
  /**
   * scrypt cost of new password hashes (accounts created by the API, and hashes upgraded at sign-in).
   * Existing hashes are verified with the cost written in them.
   * @default { N: 131072, r: 8, p: 1 } (128 MiB per hash)
   */
  passwordHashCost?: ScryptCost;
  /**
   * Sign-in limits of `POST /auth/login` (docs/auth.md): at most `hashConcurrency` password hashes at
   * once and `hashQueue` waiting (then 429), and at most `failuresPerAccount` failed sign-ins per email
   * per `failureWindowSeconds` (then 429 until the window ends), in the `rateLimitStore`.
   * @default { hashConcurrency: os.availableParallelism(), hashQueue: hashConcurrency, failuresPerAccount: 10, failureWindowSeconds: 900 }
   */
  loginProtection?: LoginProtectionOptions;
  /**
   * `last_used_at` of an API key is written at most once per this many ms per process, off the request
   * path; 0 writes on every use.
   * @default 60000
   */
  apiKeyTouchIntervalMs?: number;
}
