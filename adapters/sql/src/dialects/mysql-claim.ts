import type { Knex } from 'knex';
import type { RowClaim } from './sql-dialect.js';

/**
 * `SELECT ... FOR UPDATE SKIP LOCKED` of the candidates, then `UPDATE` of those rows and a read of
 * them by key, in one READ COMMITTED transaction: the lock is taken on the rows read (no gap locks to
 * hold back an insert), and a row another process is taking is skipped rather than waited for, so
 * concurrent claimers take disjoint rows. MariaDB has no `UPDATE ... RETURNING`, hence the read.
 */
export async function claimRowsSkippingLocked<T>(db: Knex, claim: RowClaim): Promise<T[]> {
  return db.transaction(
    async (trx) => {
      const rows = (await claim.candidates(trx(claim.table)).select(claim.key).forUpdate().skipLocked()) as Record<string, Knex.Value>[];
      const keys = rows.map((row) => row[claim.key]) as readonly Knex.Value[];
      if (keys.length === 0) return [];
      await trx(claim.table).whereIn(claim.key, keys).update(claim.set);
      return (await trx(claim.table).select(claim.returning).whereIn(claim.key, keys)) as T[];
    },
    { isolationLevel: 'read committed' },
  );
}
