import type { Knex } from 'knex';

/**
 * The table of rate-limit windows (migration `0004-rate-limits`), in the layout rate-limiter-flexible's
 * MySQL and SQLite stores read and write: `key` (the limiter's prefix and the caller's key), `points`
 * counted in the window, `expire` (epoch ms when the window ends). MySQL inserts by position, so the
 * column order is part of the contract.
 */
export const RATE_LIMIT_TABLE = 'ns_rate_limits';

/** Longest key the column holds; the server builds short keys (hashes for tokens). */
export const RATE_LIMIT_KEY_LENGTH = 255;

/** Rows whose window ended this long ago are deleted by the periodic cleanup (rate-limiter-flexible's own figure). */
export const EXPIRED_ROW_GRACE_MS = 3_600_000;

/** Deletes windows that ended more than an hour ago; never throws (the next run tries again). */
export async function deleteExpiredWindows(db: Knex, now: number): Promise<void> {
  try {
    await db(RATE_LIMIT_TABLE)
      .where('expire', '<', now - EXPIRED_ROW_GRACE_MS)
      .del();
  } catch {
    // The database is away or the pool closed; expired rows are harmless until the next run.
  }
}
