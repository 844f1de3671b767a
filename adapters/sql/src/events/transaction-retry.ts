import type { Knex } from 'knex';

/** MySQL/MariaDB deadlock (1213) and lock wait timeout (1205); SQLite busy/locked. Safe to retry whole. */
function isRetryable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { errno, code } = error as { errno?: unknown; code?: unknown };
  return errno === 1213 || errno === 1205 || code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT' || code === 'SQLITE_LOCKED';
}

/**
 * Runs `work` in a transaction, again (up to `attempts` times in all) when the database chose it
 * as a deadlock victim: every write in it is idempotent or rolled back, so a rerun is exact.
 */
export async function inTransaction<T>(db: Knex, work: (trx: Knex.Transaction) => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 20));
    }
  }
}
