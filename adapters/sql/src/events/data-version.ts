import type { Knex } from 'knex';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { upsertAdding } from './insert-ignore.js';

/**
 * Raises the data version of each project (`ns_data_versions`, migration 0009): called in the
 * transaction of every write that can change a query's answer, as its last statement, so the row
 * lock is held only while that transaction commits. Projects in ascending order: concurrent writers
 * lock them in one order. A cached answer is valid only for the version it was computed at.
 */
export async function bumpDataVersion(trx: Knex | Knex.Transaction, dialect: SqlDialect, projectIds: Iterable<number>): Promise<void> {
  const projects = [...new Set(projectIds)].sort((a, b) => a - b);
  if (projects.length === 0) return;
  await upsertAdding(
    trx,
    dialect,
    'ns_data_versions',
    ['project_id'],
    ['version'],
    projects.map((project) => [project, 1]),
  );
}
