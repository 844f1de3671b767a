import { bucketLabels, dateDayNumber, dayNumberDate, zonedDayStart } from '@northstar/core';
import type { AggregateInterval } from '../ports/index.js';

/** The instants `[from, to)` of the inclusive local dates `start`–`end` of `timeZone` (valid dates). */
export function zonedRange(start: string, end: string, timeZone: string): { from: number; to: number } {
  return { from: zonedDayStart(timeZone, start), to: zonedDayStart(timeZone, dayNumberDate(dateDayNumber(end) + 1)) };
}

/** Every bucket label touching the inclusive local date range, in order (a week or month may start before it). */
export function bucketsOfRange(start: string, end: string, interval: AggregateInterval, timeZone = 'UTC'): string[] {
  const { from, to } = zonedRange(start, end, timeZone);
  return bucketLabels(timeZone, interval, from, to);
}
