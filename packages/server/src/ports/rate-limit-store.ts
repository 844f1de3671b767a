/**
 * Rate-limit counters: fixed windows per key, on rate-limiter-flexible in every adapter (its memory
 * store for one process, its MySQL / SQLite stores for processes sharing a database).
 */

/** A budget of `limit` points per window of `windowSeconds`, starting at the first point counted. */
export interface RateLimitRule {
  /** Points allowed per window; a positive integer. */
  limit: number;
  /** Length of the window in seconds; a positive integer. */
  windowSeconds: number;
}

/** The answer to one `consume`. */
export interface RateLimitDecision {
  /** False when the window's count, these points included, is over the limit (refused points still count). */
  allowed: boolean;
  /** Points left in the window after this call; 0 when refused. */
  remaining: number;
  /** Milliseconds until the window ends and the key starts over from zero. */
  resetMs: number;
}

export interface RateLimitStore {
  /** For logs, e.g. `memory`, `sql:mysql`. */
  name: string;
  /**
   * Counts `points` (default 1) against `key` under `rule`. Stores on the same backend share their
   * counters: two server processes on one database enforce one budget together. A store that cannot
   * reach its backend keeps limiting in process (rate-limiter-flexible's insurance limiter) rather
   * than failing the request; it rejects only on programming errors.
   */
  consume(key: string, rule: RateLimitRule, points?: number): Promise<RateLimitDecision>;
  /** Stops timers; the counters of a shared backend stay. @default nothing to release */
  dispose?(): Promise<void>;
}
