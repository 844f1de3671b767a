import type { AuthOptions } from '../auth/auth-options.js';
import type { IngestOptions } from '../ingest/ingest-options.js';
import type { LimitsOptions } from '../limits/limits-options.js';
import type { StorageAdapter } from '../ports/index.js';
import type { NorthstarLogger } from '../ports/logger.js';
import type { StorageGuardOptions } from '../storage/storage-guard-options.js';
import type { WebhookOptions } from '../webhooks/webhook-options.js';

/**
 * Options of `createNorthstarApp`: the storage, the clock and the logger, and each folder's own slice
 * (ingestion, authentication, limits, the storage guard, webhooks). No HTTP in them: those are the
 * router's (`NorthstarRouterOptions`).
 */
export interface NorthstarAppOptions extends IngestOptions, AuthOptions, LimitsOptions, StorageGuardOptions, WebhookOptions {
  /** Events and configuration. */
  storage: StorageAdapter;
  /** Current time in epoch ms; tests pass a fixed clock. @default Date.now */
  clock?: () => number;
  /** Receives unexpected (500) errors, once each, and storage outages once per outage. @default console */
  logger?: NorthstarLogger;
  /**
   * Longest an analytical query (`/v1/query/events`) may run in the database, in ms: a MySQL/MariaDB
   * statement running longer is killed and the request answers 503 `{ error }`. SQLite's and memory's
   * queries run on the event loop and cannot be interrupted (docs/queries.md "Guard rails"). @default 5000
   */
  queryTimeoutMs?: number;
}
