import { utcDay } from '@northstar/core';
import type { AggregateInterval } from '@northstar/server';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The label of the UTC bucket holding `ms`: hour as full ISO, day `YYYY-MM-DD`, week its Monday, month its 1st. */
export function bucketLabel(ms: number, interval: AggregateInterval): string {
  switch (interval) {
    case 'hour':
      return new Date(Math.floor(ms / HOUR_MS) * HOUR_MS).toISOString();
    case 'day':
      return utcDay(ms);
    case 'week': {
      // Day 0 (1970-01-01) was a Thursday: (day + 3) mod 7 is the number of days since Monday.
      const day = Math.floor(ms / DAY_MS);
      return utcDay((day - ((((day + 3) % 7) + 7) % 7)) * DAY_MS);
    }
    case 'month':
      return `${utcDay(ms).slice(0, 7)}-01`;
  }
}
