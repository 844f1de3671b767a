import { utcDay } from '@northstar/core';
import type { AggregateInterval } from '@northstar/server';
import { DAY_MS } from './event-rows.js';

/** The port's bucket label from what `bucketExpression` returned (a number, or `YYYY-MM-01` for month). */
export function bucketLabel(value: number | string, interval: AggregateInterval): string {
  if (interval === 'month') return String(value);
  if (interval === 'hour') return new Date(Number(value) * 3_600_000).toISOString();
  return utcDay(Number(value) * DAY_MS);
}
