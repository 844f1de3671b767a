import { dayNumberDate, formatZoned } from '@northstar/core';
import type { AggregateInterval } from '@northstar/server';

/**
 * The port's bucket label (core's `bucketLabel`) from what `zonedBucketExpression` returned: the epoch ms
 * of the hour's first instant, a day number (day, the Monday of a week) or the text `YYYY-MM-01` (month).
 */
export function bucketLabel(value: number | string, interval: AggregateInterval, timeZone: string): string {
  if (interval === 'month') return String(value);
  if (interval === 'hour') return formatZoned(timeZone, Number(value));
  return dayNumberDate(Number(value));
}
