import type { Knex } from 'knex';
import type { RowClaim } from './sql-dialect.js';

/**
 * One `UPDATE ... WHERE key IN (candidates) RETURNING ...` statement. SQLite has one writer at a time
 * and an `UPDATE` takes the write lock before it reads (an autocommit write statement is its own
 * immediate transaction), so two claimers, in this process or another on the same file, never see the
 * same candidate: the second waits (busy timeout) and reads the first's result.
 */
export async function claimRowsReturning<T>(db: Knex, claim: RowClaim): Promise<T[]> {
  const keys = claim.candidates(db(claim.table)).select(claim.key);
  return (await db(claim.table)
    .whereIn(claim.key, keys)
    .update(claim.set)
    .returning([...claim.returning])) as T[];
}
