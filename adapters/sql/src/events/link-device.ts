import type { Knex } from 'knex';
import type { LinkResult } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { bumpDataVersion } from './data-version.js';
import { deviceKey, userKey } from './event-rows.js';
import { insertObjectsIgnoreReturning } from './insert-ignore.js';
import { dayExpression } from './sql-expressions.js';
import { inTransaction } from './transaction-retry.js';

interface PairRow {
  event_name: string;
  day: number;
}

const PAIR_CHUNK = 200;

/** `(event_name = ? AND day = ?) OR ...` over `pairs`. */
function wherePairs(query: Knex.QueryBuilder, pairs: readonly PairRow[]): void {
  void query.where((outer) => {
    for (const pair of pairs) void outer.orWhere((inner) => void inner.where('event_name', pair.event_name).andWhere('day', pair.day));
  });
}

/**
 * Re-keys the device's anonymous events to the user and fixes the rollups of every day they touch:
 * the device's person-day row goes, the user's is added unless present, and `uniq` drops by one
 * where the user was already counted that day.
 */
async function mergeDevice(trx: Knex.Transaction, dialect: SqlDialect, projectId: number, deviceId: string, userId: string): Promise<void> {
  const from = deviceKey(deviceId);
  const to = userKey(userId);
  const anonymous = () => trx('ns_events').where({ project_id: projectId, device_id: deviceId, person_key: from }).whereNull('user_id');
  const found: unknown = await anonymous().distinct('event_name', trx.raw(`${dayExpression(dialect, 'ts')} AS day`));
  const pairs = found as PairRow[];
  if (pairs.length === 0) return;
  await anonymous().update({ person_key: to });

  for (let i = 0; i < pairs.length; i += PAIR_CHUNK) {
    const chunk = pairs.slice(i, i + PAIR_CHUNK).map((pair) => ({ event_name: pair.event_name, day: Number(pair.day) }));
    const removed = trx('ns_person_days').where({ project_id: projectId, person_key: from });
    wherePairs(removed, chunk);
    await removed.delete();
    const added = await insertObjectsIgnoreReturning<PairRow>(
      trx,
      dialect,
      'ns_person_days',
      chunk.map((pair) => ({ project_id: projectId, event_name: pair.event_name, day: pair.day, person_key: to })),
      ['event_name', 'day'],
    );
    const fresh = new Set(added.map((pair) => `${pair.event_name}\u0000${Number(pair.day)}`));
    const merged = chunk.filter((pair) => !fresh.has(`${pair.event_name}\u0000${pair.day}`));
    if (merged.length === 0) continue;
    const counts = trx('ns_daily_counts').where('project_id', projectId);
    wherePairs(counts, merged);
    await counts.decrement('uniq', 1);
  }
}

/** Inserts the link unless the device has one; a new link merges the device's past anonymous events and moves the data version. */
export function linkDevice(db: Knex, dialect: SqlDialect, projectId: number, deviceId: string, userId: string): Promise<LinkResult> {
  return inTransaction(db, dialect, async (trx) => {
    const created = await insertObjectsIgnoreReturning<{ user_id: string }>(
      trx,
      dialect,
      'ns_device_links',
      [{ project_id: projectId, device_id: deviceId, user_id: userId, created_at: Date.now() }],
      ['user_id'],
    );
    if (created.length === 0) {
      const existing = (await trx('ns_device_links').first('user_id').where({ project_id: projectId, device_id: deviceId })) as { user_id: string } | undefined;
      return existing?.user_id === userId ? 'unchanged' : 'conflict';
    }
    await mergeDevice(trx, dialect, projectId, deviceId, userId);
    await bumpDataVersion(trx, dialect, [projectId]);
    return 'created';
  });
}
