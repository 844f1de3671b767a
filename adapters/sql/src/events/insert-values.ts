import type { Knex } from 'knex';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { MAX_STATEMENT_BYTES, insertIgnore, rowsPerStatement } from './insert-ignore.js';
import type { KnownValues, ValueRow } from './slot-cells.js';

const VALUE_COLUMNS = ['project_id', 'id', 'value'] as const;

/** Rows in statements of at most `maxRows` rows and about `MAX_STATEMENT_BYTES` (a value may be 8,192 characters, 3 bytes each). */
function statements(rows: readonly ValueRow[], maxRows: number): ValueRow[][] {
  const out: ValueRow[][] = [];
  let current: ValueRow[] = [];
  let size = 0;
  for (const row of rows) {
    const bytes = 3 * row[2].length + 50;
    if (current.length > 0 && (current.length >= maxRows || size + bytes > MAX_STATEMENT_BYTES)) {
      out.push(current);
      current = [];
      size = 0;
    }
    current.push(row);
    size += bytes;
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** Per database (knex pool): the dictionary values this process knows are stored (`SlotCellWriter` reads and adds to them). */
const stored = new WeakMap<Knex, KnownValues>();

export function knownValues(db: Knex): KnownValues {
  let known = stored.get(db);
  if (!known) {
    known = new Map();
    stored.set(db, known);
  }
  return known;
}

/** Forgets the dictionary values this process knew of a project (its data was deleted). */
export function forgetProjectValues(db: Knex, projectId: number): void {
  stored.get(db)?.delete(projectId);
}

/**
 * Writes value dictionary rows (`ns_property_values`: what a value id stands for, read by group-by labels
 * and `contains`) with `INSERT IGNORE` (another writer may have stored them), in (project, id) order so
 * that concurrent writers lock in one order.
 */
export async function insertValues(trx: Knex.Transaction | Knex, dialect: SqlDialect, rows: readonly ValueRow[]): Promise<void> {
  const sorted = [...rows].sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  for (const statement of statements(sorted, rowsPerStatement(dialect, VALUE_COLUMNS.length)))
    await insertIgnore(trx, dialect, 'ns_property_values', VALUE_COLUMNS, statement);
}
