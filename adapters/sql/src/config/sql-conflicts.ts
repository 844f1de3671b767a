import { ConflictError } from '@northstar/core';
import type { ConflictTarget } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';

/** Runs a write; a uniqueness violation becomes a `ConflictError` on `target`, anything else passes through. */
export async function orConflict<T>(dialect: SqlDialect, target: ConflictTarget, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (dialect.isUniqueViolation(error)) throw new ConflictError(target);
    throw error;
  }
}
