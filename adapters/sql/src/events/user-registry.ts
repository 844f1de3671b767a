import type { Knex } from 'knex';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { insertIgnore, rowsPerStatement } from './insert-ignore.js';
import type { KeyedEvent } from './insert-events.js';

const USER_COLUMNS = ['project_id', 'user_id'];

/**
 * Records the user ids of newly stored events in `ns_users` (one row per project and user; see
 * migration 0005-person-events), which `listUsers` reads instead of an index on `ns_events`. One
 * multi-row `INSERT IGNORE` of the call's distinct ids, in key order so concurrent writers lock in
 * one order.
 */
export async function registerUsers(trx: Knex.Transaction, dialect: SqlDialect, stored: readonly KeyedEvent[]): Promise<void> {
  const seen = new Set<string>();
  const rows: [number, string][] = [];
  for (const { event } of stored) {
    if (event.user_id === null) continue;
    const key = `${event.project_id}\u0000${event.user_id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push([event.project_id, event.user_id]);
  }
  rows.sort(([pa, ua], [pb, ub]) => pa - pb || (ua < ub ? -1 : ua > ub ? 1 : 0));
  const size = rowsPerStatement(dialect, USER_COLUMNS.length);
  for (let i = 0; i < rows.length; i += size) await insertIgnore(trx, dialect, 'ns_users', USER_COLUMNS, rows.slice(i, i + size));
}
