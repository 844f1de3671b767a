import type { Knex } from 'knex';
import type { AppendResult, StoredEvent } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { bumpDataVersion } from './data-version.js';
import { updateHeatmaps } from './heatmap-rollup.js';
import { insertEvents } from './insert-events.js';
import { resolvePersonKeys } from './person-keys.js';
import { updateRollups } from './rollup-update.js';
import { inTransaction } from './transaction-retry.js';
import { registerUsers } from './user-registry.js';

/** The first copy of each `(project_id, uuid)` in the call. */
function firstCopies(events: readonly StoredEvent[]): StoredEvent[] {
  const seen = new Set<string>();
  return events.filter((event) => {
    const key = `${event.project_id}\u0000${event.uuid}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * One transaction, a handful of statements whatever the batch size: resolve person keys (a locking
 * read of device links, only for anonymous events), multi-row `INSERT IGNORE ... RETURNING` of the
 * events (the first copy of a `(project_id, uuid)` wins, within the call and across calls), then
 * the rollups for exactly the rows inserted (one person-day insert, one daily-count upsert), and
 * the user ids of those rows (`ns_users`), and the heatmap rollups of the `$heatmap` events among them;
 * last, the data version of their projects (the result cache's), when anything was stored.
 */
export async function appendEvents(db: Knex, dialect: SqlDialect, events: readonly StoredEvent[]): Promise<AppendResult> {
  const unique = firstCopies(events);
  if (unique.length === 0) return { inserted: 0, duplicates: events.length };

  const inserted = await inTransaction(db, dialect, async (trx) => {
    const keys = await resolvePersonKeys(trx, dialect, unique);
    const stored = await insertEvents(trx, dialect, unique, keys);
    await updateRollups(trx, dialect, stored);
    await registerUsers(trx, dialect, stored);
    await updateHeatmaps(trx, dialect, stored);
    await bumpDataVersion(
      trx,
      dialect,
      stored.map(({ event }) => event.project_id),
    );
    return stored.length;
  });
  return { inserted, duplicates: events.length - inserted };
}
