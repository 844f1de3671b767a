import type { NorthstarAppOptions } from '../app/app-options.js';

export type { NorthstarLogger } from '../ports/logger.js';

/** The HTTP slice of the router's options: CORS, the SDK script, body limits. */
export interface NorthstarHttpOptions {
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
   * File served at `/sdk/web-vitals.js` and `/sdk/<version>/web-vitals.js`: the chunk the SDK script loads for web vitals.
   * @default the file of `@northstar/browser/cdn-web-vitals`, resolved at the first request
   */
  sdkWebVitalsScriptPath?: string;
  /**
   * File served at `/sdk/guides.js` and `/sdk/<version>/guides.js`: the guides renderer the SDK script loads when a guide is to show.
   * @default the file of `@northstar/browser/cdn-guides`, resolved at the first request
   */
  sdkGuidesScriptPath?: string;
  /**
   * File served at `/sdk/surveys.js` and `/sdk/<version>/surveys.js`: the surveys renderer the SDK script loads when a survey is to show.
   * @default the file of `@northstar/browser/cdn-surveys`, resolved at the first request
   */
  sdkSurveysScriptPath?: string;
  /**
   * File served at `/sdk/replay.js` and `/sdk/<version>/replay.js`: the session-replay recorder the SDK script loads for sampled sessions.
   * @default the file of `@northstar/browser/cdn-replay`, resolved at the first request
   */
  sdkReplayScriptPath?: string;
  /**
   * Version in the immutable script path `/sdk/<version>/northstar.min.js`.
   * @default the `version` of `@northstar/browser/package.json`
   */
  sdkVersion?: string;
  /** Largest request body in bytes; larger bodies get 413. @default 1048576 */
  maxBodyBytes?: number;
}

/** Options of `createNorthstarRouter`: the app's (`NorthstarAppOptions`) and the HTTP ones. */
export interface NorthstarRouterOptions extends NorthstarAppOptions, NorthstarHttpOptions {}
