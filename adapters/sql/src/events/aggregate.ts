import type { Knex } from 'knex';
import type { AggregateQuery, AggregateRow } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { activeDaysOf, dayBucketLabel } from '@northstar/core';
import { aggregateActive } from './aggregate-active.js';
import { aggregateFromEvents } from './aggregate-raw.js';
import { aggregateFromRollups, rollupAnswers } from './aggregate-rollup.js';
import { bucketLabel } from './bucket-label.js';

/** A group value: text on SQLite, bytes on MySQL (see `stringProperty`). */
function groupText(value: string | Uint8Array | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : new TextDecoder().decode(value);
}

/**
 * Runs the query on the rollups when they can answer it, else on the raw events (up to `parallelism`
 * statements at once: `aggregateFromEvents`); never counts in JS.
 */
export async function aggregate(db: Knex, dialect: SqlDialect, query: AggregateQuery, parallelism = 1): Promise<AggregateRow[]> {
  if (query.events.length === 0 || query.from >= query.to) return [];
  const active = activeDaysOf(query.metric) !== undefined;
  const rows = active
    ? await aggregateActive(db, dialect, query)
    : rollupAnswers(query)
      ? await aggregateFromRollups(db, dialect, query)
      : await aggregateFromEvents(db, dialect, query, parallelism);
  const result: AggregateRow[] = [];
  for (const row of rows) {
    if (row.value === null) continue;
    const value = Number(row.value);
    if ((query.metric === 'uniq' || active) && value === 0) continue;
    // an active-people bucket comes as the local day number where its window ends
    const bucket =
      active && query.interval !== 'hour'
        ? dayBucketLabel(Number(row.bucket), query.interval)
        : bucketLabel(row.bucket, query.interval, query.timeZone ?? 'UTC');
    result.push(query.groupBy ? { event: row.event, bucket, group: groupText(row.grp), rank: Number(row.grank), value } : { event: row.event, bucket, value });
  }
  return result;
}
