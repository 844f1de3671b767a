import type { Knex } from 'knex';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { upsertAdding } from './insert-ignore.js';

export interface VersionBump {
  /** The write deleted user ids of `ns_users` (a user's deletion, a project's data): their `forgets` count moves too. */
  forgetsUsers?: boolean;
}

const sortedProjects = (projectIds: Iterable<number>) => [...new Set(projectIds)].sort((a, b) => a - b);

/**
 * Raises the data version of each project (`ns_data_versions`, migration 0009): called in the
 * transaction of every write that can change a query's answer, as one of its last statements, so the row
 * lock is held only while that transaction ends. Projects in ascending order: concurrent writers
 * lock them in one order. A cached answer is valid only for the version it was computed at.
 */
export async function bumpDataVersion(
  trx: Knex | Knex.Transaction,
  dialect: SqlDialect,
  projectIds: Iterable<number>,
  { forgetsUsers = false }: VersionBump = {},
): Promise<void> {
  const projects = sortedProjects(projectIds);
  if (projects.length === 0) return;
  const added = forgetsUsers ? ['version', 'forgets'] : ['version'];
  await upsertAdding(
    trx,
    dialect,
    'ns_data_versions',
    ['project_id'],
    added,
    projects.map((project) => (forgetsUsers ? [project, 1, 1] : [project, 1])),
  );
}

/**
 * `bumpDataVersion` for an append, answering each project's `forgets` count (migration 0012) as the
 * bump left it: read under the row lock the bump takes, so no deletion of user ids can commit between
 * this read and the end of the transaction.
 */
export async function bumpDataVersionReadingForgets(trx: Knex.Transaction, dialect: SqlDialect, projectIds: Iterable<number>): Promise<Map<number, number>> {
  const projects = sortedProjects(projectIds);
  if (projects.length === 0) return new Map();
  const { sql, bindings } = dialect.upsertAdding(
    'ns_data_versions',
    ['project_id'],
    ['version'],
    projects.map((project) => [project, 1]),
  );
  const returning = ['project_id', 'forgets'].map((name) => dialect.quoteName(name)).join(', ');
  const rows = dialect.rawRows<{ project_id: number | string; forgets: number | string }>(await trx.raw(`${sql} RETURNING ${returning}`, bindings));
  return new Map(rows.map((row) => [Number(row.project_id), Number(row.forgets)]));
}
