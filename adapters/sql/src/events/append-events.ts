import type { Knex } from 'knex';
import type { AppendResult, StoredEvent } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { bumpDataVersionReadingForgets } from './data-version.js';
import { updateHeatmaps } from './heatmap-rollup.js';
import { insertEvents } from './insert-events.js';
import { insertValues, knownValues } from './insert-values.js';
import { resolvePersonKeys } from './person-keys.js';
import { ALL_SLOTS, sightedKeys, slotsFor } from './property-slots.js';
import { SlotCellWriter } from './slot-cells.js';
import type { SlotLimits } from './property-slots.js';
import { updateRollups } from './rollup-update.js';
import { inTransaction } from './transaction-retry.js';
import { UserRegistration } from './user-registry.js';

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
 * First the property slots of the batch's keys (known to this process, else one read; a key seen for the
 * first time gets a free slot in a short write of its own, committed before any event carrying it:
 * `property-slots.ts`). Then one
 * transaction, a handful of statements whatever the batch size: resolve person keys (a locking
 * read of device links, only for anonymous events), multi-row `INSERT IGNORE ... RETURNING` of the
 * events with their property slots (the first copy of a `(project_id, uuid)` wins, within the call and
 * across calls), the dictionary rows of their slotted string values (`ns_property_values`), then the
 * rollups for exactly the rows inserted (one person-day insert, one daily-count
 * upsert) and the heatmap rollups of the `$heatmap` events among them; then the data version of their
 * projects (the result cache's), when anything was stored, which answers their `forgets` counts; last,
 * the user ids of those rows that this process does not know are registered (`ns_users`, `user-registry.ts`).
 */
export async function appendEvents(db: Knex, dialect: SqlDialect, events: readonly StoredEvent[], limits: SlotLimits = ALL_SLOTS): Promise<AppendResult> {
  const unique = firstCopies(events);
  if (unique.length === 0) return { inserted: 0, duplicates: events.length };

  const slots = await slotsFor(db, dialect, sightedKeys(unique), limits);
  let cells: SlotCellWriter | undefined;
  let users: UserRegistration | undefined;
  const inserted = await inTransaction(db, dialect, async (trx) => {
    cells = new SlotCellWriter(slots, knownValues(db));
    users = new UserRegistration(db);
    const keys = await resolvePersonKeys(trx, dialect, unique);
    const stored = await insertEvents(trx, dialect, unique, keys, cells);
    await insertValues(trx, dialect, cells.fresh);
    await updateRollups(trx, dialect, stored);
    await updateHeatmaps(trx, dialect, stored);
    const forgets = await bumpDataVersionReadingForgets(
      trx,
      dialect,
      stored.map(({ event }) => event.project_id),
    );
    await users.register(trx, dialect, stored, forgets);
    return stored.length;
  });
  cells?.committed();
  users?.committed();
  return { inserted, duplicates: events.length - inserted };
}
