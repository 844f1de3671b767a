/**
 * Calendar arithmetic in IANA time zones, for queries whose buckets and date ranges are local days,
 * weeks, months and hours. Built on `Intl.DateTimeFormat` (the zone database of the runtime), so every
 * engine (memory in JS, SQL through `zoneSpans`) buckets an instant the same way, across daylight-saving
 * changes. All times are epoch milliseconds; an offset is local time minus UTC, in ms.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** True for a time zone name the runtime knows (`UTC`, `Europe/Berlin`, ...). */
export function isTimeZone(name: string): boolean {
  if (typeof name !== 'string' || name === '') return false;
  try {
    formatter(name);
    return true;
  } catch {
    return false;
  }
}

/** The UTC offset of `timeZone` at `ts`, ms (local = UTC + offset); whole seconds. */
export function zoneOffset(timeZone: string, ts: number): number {
  if (timeZone === 'UTC') return 0;
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(ts))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const local = Date.UTC(parts.year as number, (parts.month as number) - 1, parts.day, parts.hour, parts.minute, parts.second);
  return local - Math.floor(ts / 1000) * 1000;
}

/** Days since 1970-01-01 of the local calendar date of `ts`. */
export function localDayNumber(timeZone: string, ts: number): number {
  return Math.floor((ts + zoneOffset(timeZone, ts)) / DAY);
}

/** `YYYY-MM-DD` of a day number (days since 1970-01-01). */
export function dayNumberDate(day: number): string {
  return new Date(day * DAY).toISOString().slice(0, 10);
}

/** The day number of a `YYYY-MM-DD` date. */
export function dateDayNumber(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY);
}

/** A stretch of time `[from, to)` during which `timeZone` keeps one offset. */
export interface ZoneSpan {
  from: number;
  to: number;
  offset: number;
}

/** Offsets are sampled this far apart; no zone changes its offset twice within 6 hours. */
const SAMPLE = 6 * HOUR;

/** The first instant in `(low, high]` with the offset of `high`, given that `low` has another one. */
function transition(timeZone: string, low: number, high: number): number {
  const target = zoneOffset(timeZone, high);
  while (high - low > 1000) {
    const mid = low + Math.floor((high - low) / 2000) * 1000;
    if (zoneOffset(timeZone, mid) === target) high = mid;
    else low = mid;
  }
  return high;
}

/**
 * `[from, to)` cut into spans of constant offset, in time order: what a SQL engine needs to bucket by
 * local time with plain arithmetic (`CASE WHEN ts < span.to THEN (ts + span.offset) DIV ... END`).
 */
export function zoneSpans(timeZone: string, from: number, to: number): ZoneSpan[] {
  if (timeZone === 'UTC' || to <= from) return [{ from, to: Math.max(from, to), offset: 0 }];
  const spans: ZoneSpan[] = [];
  let start = from;
  let offset = zoneOffset(timeZone, from);
  for (let probe = from; probe < to;) {
    const next = Math.min(probe + SAMPLE, to - 1);
    if (next <= probe) break;
    const nextOffset = zoneOffset(timeZone, next);
    if (nextOffset !== offset) {
      const at = transition(timeZone, probe, next);
      spans.push({ from: start, to: at, offset });
      start = at;
      offset = nextOffset;
    }
    probe = next;
  }
  spans.push({ from: start, to, offset });
  return spans;
}

/**
 * The first instant of local date `date` (`YYYY-MM-DD`) in `timeZone`: local midnight, or where midnight
 * does not exist (a daylight-saving jump at 00:00), the first instant after the jump.
 */
export function zonedDayStart(timeZone: string, date: string): number {
  const day = dateDayNumber(date);
  const utc = day * DAY;
  if (timeZone === 'UTC') return utc;
  // Offsets lie within ±18 h: the answer is inside this window, and "local day ≥ day" is monotonic there.
  let low = utc - 19 * HOUR;
  let high = utc + 19 * HOUR;
  while (high - low > 1000) {
    const mid = low + Math.floor((high - low) / 2000) * 1000;
    if (localDayNumber(timeZone, mid) >= day) high = mid;
    else low = mid;
  }
  return high;
}

const pad = (value: number, width = 2): string => String(Math.abs(value)).padStart(width, '0');

/** `+HH:MM` / `-HH:MM` of an offset in ms. */
export function formatOffset(offset: number): string {
  const minutes = Math.round(offset / 60_000);
  return `${minutes < 0 ? '-' : '+'}${pad(Math.trunc(minutes / 60))}:${pad(minutes % 60)}`;
}

/**
 * The local time of `ts` in ISO 8601 with its offset, to the second: `2026-10-25T02:00:00+02:00`. The two
 * 02:00 hours of a night that turns the clocks back differ by their offset.
 */
export function formatZoned(timeZone: string, ts: number): string {
  const offset = zoneOffset(timeZone, ts);
  const local = new Date(Math.floor(ts / 1000) * 1000 + offset).toISOString().slice(0, 19);
  return `${local}${formatOffset(offset)}`;
}
