import type { AggregateRow } from '@northstar/server';

/**
 * Rows as an object keyed `event bucket` (or `event bucket group`, the null group shown as `∅`),
 * so expectations read as a table and the order of rows does not matter.
 */
export function rowTable(rows: AggregateRow[]): Record<string, number> {
  const table: Record<string, number> = {};
  for (const row of rows) {
    const key = row.group === undefined ? `${row.event} ${row.bucket}` : `${row.event} ${row.bucket} ${row.group ?? '∅'}`;
    if (key in table) throw new Error(`Two rows for ${key}`);
    table[key] = row.value;
  }
  return table;
}
