import { zoneSpans } from '@northstar/core';
import type { AggregateInterval } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { bucketExpression } from './sql-expressions.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * The UTC offset (ms) of `timeZone` at the `ts` column (or `column`, an identifier of ours), for events
 * in `[from, to)`: a constant, or a `CASE` over the spans of one offset (core's `zoneSpans`). The
 * numbers are ours (never input).
 */
export function offsetExpression(timeZone: string, from: number, to: number, column = 'ts'): string {
  const spans = zoneSpans(timeZone, from, to);
  const numbers = spans.flatMap((span) => [span.to, span.offset]);
  if (!numbers.every(Number.isSafeInteger)) throw new Error('Zone spans must be whole milliseconds');
  const last = spans[spans.length - 1];
  if (spans.length === 1 || last === undefined) return `${spans[0]?.offset ?? 0}`;
  const cases = spans.slice(0, -1).map((span) => `WHEN ${column} < ${span.to} THEN ${span.offset}`);
  return `(CASE ${cases.join(' ')} ELSE ${last.offset} END)`;
}

/**
 * The bucket of the `ts` column (or `column`) in `timeZone`: for hour the epoch ms of the local hour's
 * first instant (`bucketLabel` formats it with its offset), for day / week / month what `bucketExpression`
 * gives of the local day number. Plain integer arithmetic on `ts + offset`: no session time zone, no zone tables.
 */
export function zonedBucketExpression(dialect: SqlDialect, interval: AggregateInterval, timeZone: string, from: number, to: number, column = 'ts'): string {
  const offset = offsetExpression(timeZone, from, to, column);
  const local = offset === '0' ? column : `(${column} + ${offset})`;
  if (interval === 'hour')
    return offset === '0' ? `(${dialect.intDiv(local, HOUR_MS)} * ${HOUR_MS})` : `(${dialect.intDiv(local, HOUR_MS)} * ${HOUR_MS} - ${offset})`;
  return bucketExpression(dialect, interval, dialect.intDiv(local, DAY_MS));
}
