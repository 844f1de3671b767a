import { parseUtcDate, utcDay } from '@northstar/core';
import type { AggregateInterval } from '../ports/index.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** Label of the bucket holding `ms`, as the stores return it (see AggregateRow.bucket). */
function labelOf(ms: number, interval: AggregateInterval): string {
  if (interval === 'hour') return new Date(Math.floor(ms / HOUR_MS) * HOUR_MS).toISOString();
  if (interval === 'month') return `${utcDay(ms).slice(0, 7)}-01`;
  if (interval === 'week') {
    const day = Math.floor(ms / DAY_MS);
    return utcDay((day - ((((day + 3) % 7) + 7) % 7)) * DAY_MS);
  }
  return utcDay(ms);
}

/** Every bucket label touching the inclusive UTC date range, in order (a week or month may start before it). */
export function bucketsOfRange(start: string, end: string, interval: AggregateInterval): string[] {
  const from = parseUtcDate(start);
  const to = parseUtcDate(end);
  if (from === undefined || to === undefined) return [];
  const step = interval === 'hour' ? HOUR_MS : DAY_MS;
  const labels: string[] = [];
  for (let ms = from; ms < to + DAY_MS; ms += step) {
    const label = labelOf(ms, interval);
    if (labels[labels.length - 1] !== label) labels.push(label);
  }
  return labels;
}
