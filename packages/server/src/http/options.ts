import type { StorageAdapter } from '../ports/index.js';

/** Where unexpected errors are reported. */
export interface NorthstarLogger {
  error(message: string, error: unknown): void;
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
  /** Receives unexpected (500) errors, once each. @default console */
  logger?: NorthstarLogger;
}
