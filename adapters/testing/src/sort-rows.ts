import type { AggregateRow } from '@northstar/server';

/** Rows in a stable order (event, then bucket), since stores may return them in any order. */
export function sortRows(rows: AggregateRow[]): AggregateRow[] {
  return [...rows].sort((a, b) => (a.event === b.event ? a.bucket.localeCompare(b.bucket) : a.event < b.event ? -1 : 1));
}
