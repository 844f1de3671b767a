import type { Knex } from 'knex';
import type { AppendResult, StoredEvent } from '@northstar/server';
import type { SqlDialect } from '../dialect.js';
import { toEventRow } from './event-rows.js';
import type { EventRow } from './event-rows.js';
import { chunkRows, insertIgnoreReturning } from './insert-ignore.js';
import { resolvePersonKeys } from './person-keys.js';
import { updateRollups } from './rollup-update.js';
import { inTransaction } from './transaction-retry.js';

const rowBytes = (row: EventRow) => row.str_props.length * 3 + row.num_props.length + 1000;

/**
 * One transaction: resolve person keys, multi-row `INSERT IGNORE ... RETURNING` of the events
 * (the first copy of a `(project_id, uuid)` wins, within the call and across calls), then the
 * rollups for exactly the rows inserted.
 */
export async function appendEvents(db: Knex, dialect: SqlDialect, events: readonly StoredEvent[]): Promise<AppendResult> {
  const seen = new Set<string>();
  const unique = events.filter((event) => {
    const key = `${event.project_id}\u0000${event.uuid}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (unique.length === 0) return { inserted: 0, duplicates: events.length };

  const inserted = await inTransaction(db, async (trx) => {
    const keys = await resolvePersonKeys(trx, dialect, unique);
    const rows = unique.map((event, i) => toEventRow(event, keys[i] ?? null));
    const stored: EventRow[] = [];
    for (const chunk of chunkRows(rows, dialect, rowBytes)) {
      const returned = await insertIgnoreReturning<{ project_id: number; uuid: string }>(trx, dialect, 'ns_events', chunk, ['project_id', 'uuid']);
      const fresh = new Set(returned.map((row) => `${Number(row.project_id)}\u0000${row.uuid}`));
      for (const row of chunk) if (fresh.has(`${row.project_id}\u0000${row.uuid}`)) stored.push(row);
    }
    await updateRollups(trx, dialect, stored);
    return stored.length;
  });
  return { inserted, duplicates: events.length - inserted };
}
