import { dayNumberDate, formatZoned, localDayNumber, zoneOffset, zoneSpans } from './time-zone.js';
import type { QueryInterval } from './query.js';

/**
 * The buckets of an event query in a time zone, shared by the server (which lists every bucket of a
 * range) and the engines (which label the bucket of each event): local days, ISO weeks starting on
 * Monday, months starting on the 1st, and the zone's hours labelled with their UTC offset.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The day number of the Monday of the ISO week holding day number `day` (day 0, 1970-01-01, was a Thursday). */
export function mondayOf(day: number): number {
  return day - ((((day + 3) % 7) + 7) % 7);
}

/** The label of the day, week or month bucket holding local day number `day`: `YYYY-MM-DD` of its first day. */
export function dayBucketLabel(day: number, interval: Exclude<QueryInterval, 'hour'>): string {
  if (interval === 'week') return dayNumberDate(mondayOf(day));
  if (interval === 'month') return `${dayNumberDate(day).slice(0, 7)}-01`;
  return dayNumberDate(day);
}

/** The first instant of the local hour of `timeZone` holding `ts` (at :30 UTC in a zone offset by :30). */
export function hourBucketStart(timeZone: string, ts: number): number {
  const offset = zoneOffset(timeZone, ts);
  return Math.floor((ts + offset) / HOUR) * HOUR - offset;
}

/**
 * The label of the bucket holding `ts`: `YYYY-MM-DD` for day, week (its Monday) and month (its 1st), and
 * for hour the local hour with its offset, `2026-10-25T02:00:00+01:00` (the two 02:00 hours of a night
 * that turns the clocks back differ by their offset; UTC hours end in `+00:00`).
 */
export function bucketLabel(timeZone: string, interval: QueryInterval, ts: number): string {
  if (interval === 'hour') return formatZoned(timeZone, hourBucketStart(timeZone, ts));
  return dayBucketLabel(localDayNumber(timeZone, ts), interval);
}

/** Every bucket label touching `[from, to)`, in time order (a week or month may start before `from`). */
export function bucketLabels(timeZone: string, interval: QueryInterval, from: number, to: number): string[] {
  const labels: string[] = [];
  const push = (label: string) => {
    if (labels[labels.length - 1] !== label) labels.push(label);
  };
  if (interval === 'hour') {
    for (let ts = from; ts < to; ts = hourBucketStart(timeZone, ts) + HOUR) push(bucketLabel(timeZone, 'hour', ts));
    return labels;
  }
  if (to <= from) return labels;
  const last = localDayNumber(timeZone, to - 1);
  for (let day = localDayNumber(timeZone, from); day <= last; day++) push(dayBucketLabel(day, interval));
  return labels;
}

/**
 * For each day, week or month bucket touching `[from, to)`, in order: the local day number of its last day
 * inside the range (where a trailing window of an active-people metric ends).
 */
export function bucketEndDays(timeZone: string, interval: Exclude<QueryInterval, 'hour'>, from: number, to: number): number[] {
  const ends: number[] = [];
  if (to <= from) return ends;
  const last = localDayNumber(timeZone, to - 1);
  for (let day = localDayNumber(timeZone, from); day <= last; day++) {
    const label = dayBucketLabel(day, interval);
    if (day === last || dayBucketLabel(day + 1, interval) !== label) ends.push(day);
  }
  return ends;
}

/** A cut this close to a change of offset is not taken (see `bucketCuts`). */
const CUT_CLEARANCE = 2 * 24 * HOUR;

/**
 * Instants inside `(from, to)` where `[from, to)` can be cut with no bucket on both sides, so that each
 * part's buckets can be computed on their own: bucket starts at least two days from any change of the
 * zone's offset (a change that turns the clocks back across a bucket's edge makes that bucket's instants
 * discontiguous), in time order. Within a span of one offset a bucket edge is plain arithmetic on local
 * time (no per-day look-up of the zone: a year of days costs one `zoneSpans`).
 */
export function bucketCuts(timeZone: string, interval: QueryInterval, from: number, to: number): number[] {
  if (to <= from) return [];
  const spans = zoneSpans(timeZone, from - CUT_CLEARANCE, to + CUT_CLEARANCE);
  const changes = spans.slice(1).map((span) => span.from);
  const clear = (ts: number) => changes.every((change) => Math.abs(change - ts) > CUT_CLEARANCE);
  const cuts: number[] = [];
  for (const { from: spanFrom, to: spanTo, offset } of spans) {
    // local edges whose instant lies in (from, to) and in this span
    const [low, high] = [Math.max(spanFrom, from + 1), Math.min(spanTo, to)];
    const step = interval === 'hour' ? HOUR : DAY;
    for (let local = Math.ceil((low + offset) / step) * step; local - offset < high; local += step) {
      const ts = local - offset;
      const edge = interval === 'hour' || dayBucketLabel(local / DAY, interval) !== dayBucketLabel(local / DAY - 1, interval);
      if (edge && clear(ts)) cuts.push(ts);
    }
  }
  return cuts;
}
