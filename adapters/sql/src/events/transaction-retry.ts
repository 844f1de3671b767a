import type { Knex } from 'knex';
import type { SqlDialect } from '../dialects/sql-dialect.js';

/**
 * Runs `work` in a transaction, again (up to `attempts` times in all) when the database chose it
 * as a deadlock victim or found it busy (`dialect.isRetryable`): every write in it is idempotent or
 * rolled back, so a rerun is exact.
 */
export async function inTransaction<T>(db: Knex, dialect: SqlDialect, work: (trx: Knex.Transaction) => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= attempts || !dialect.isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 20));
    }
  }
}
