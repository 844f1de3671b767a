import type { Knex } from 'knex';
import type { AggregateQuery } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { timeLimited } from './time-limit.js';
import { DAY_MS } from './event-rows.js';
import { bucketExpression } from './sql-expressions.js';

export interface BucketRow {
  event: string;
  bucket: number | string;
  grp?: string | Uint8Array | null;
  grank?: number | string;
  value: number | string | null;
}

/** True when the rollups (UTC days) can answer: total or uniq, no filter or group, whole UTC days, no hours. */
export function rollupAnswers(query: AggregateQuery): query is AggregateQuery & { interval: 'day' | 'week' | 'month' } {
  return (
    (query.metric === 'total' || query.metric === 'uniq') &&
    query.interval !== 'hour' &&
    (query.timeZone ?? 'UTC') === 'UTC' &&
    (query.filters ?? []).length === 0 &&
    (query.userFilters ?? []).length === 0 &&
    query.groupBy === undefined &&
    query.from % DAY_MS === 0 &&
    query.to % DAY_MS === 0
  );
}

/**
 * Reads the rollups: daily totals and daily uniq straight from `ns_daily_counts` (one row per
 * event and day), weekly/monthly totals as sums of it, weekly/monthly uniq as distinct people
 * of `ns_person_days` (one row per event, day and person: far fewer than events).
 */
export async function aggregateFromRollups(
  db: Knex,
  dialect: SqlDialect,
  query: AggregateQuery & { interval: 'day' | 'week' | 'month' },
): Promise<BucketRow[]> {
  const bucket = bucketExpression(dialect, query.interval, 'day');
  const peopleOverDays = query.metric === 'uniq' && query.interval !== 'day';
  const table = peopleOverDays ? 'ns_person_days' : 'ns_daily_counts';
  const builder = db(table)
    .where('project_id', query.projectId)
    .whereIn('event_name', query.events)
    .where('day', '>=', query.from / DAY_MS)
    .where('day', '<', query.to / DAY_MS);

  if (query.interval === 'day') {
    const daily = await timeLimited(
      builder.select('event_name as event', 'day as bucket', `${query.metric} as value`).where(query.metric, '>', 0),
      dialect,
      query.timeoutMs,
    );
    return daily as BucketRow[];
  }
  const value = peopleOverDays ? db.raw('COUNT(DISTINCT person_key) AS value') : db.raw('SUM(??) AS value', [query.metric]);
  const rows = await timeLimited(
    builder.select('event_name as event', db.raw(`${bucket} AS bucket`), value).groupBy('event_name', 'bucket'),
    dialect,
    query.timeoutMs,
  );
  return rows as BucketRow[];
}
