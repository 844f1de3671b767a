import { ConflictError } from '@northstar/core';
import type { ConflictTarget } from '@northstar/server';
import type { SqlDialect } from '../dialect.js';

/** Driver codes of a unique or primary-key violation, per dialect. */
const UNIQUE_CODES: Record<SqlDialect, readonly string[]> = {
  mysql: ['ER_DUP_ENTRY'],
  sqlite: ['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY'],
};

export function isUniqueViolation(error: unknown, dialect: SqlDialect): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  return typeof error.code === 'string' && UNIQUE_CODES[dialect].includes(error.code);
}

/** Runs a write; a uniqueness violation becomes a `ConflictError` on `target`, anything else passes through. */
export async function orConflict<T>(dialect: SqlDialect, target: ConflictTarget, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, dialect)) throw new ConflictError(target);
    throw error;
  }
}
