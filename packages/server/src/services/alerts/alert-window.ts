import type { AlertData } from '../../schemas/documents/alert.js';

/** A window of time, epoch ms: `[from, to)`. */
export interface AlertWindow {
  from: number;
  to: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Start of the UTC hour, day, ISO week (Monday) or month that contains `at`. */
function startOf(interval: AlertData['interval'], at: number): number {
  const date = new Date(at);
  switch (interval) {
    case 'hour':
      return Math.floor(at / HOUR) * HOUR;
    case 'day':
      return Math.floor(at / DAY) * DAY;
    case 'week': {
      const day = Math.floor(at / DAY) * DAY;
      const sinceMonday = (new Date(day).getUTCDay() + 6) % 7;
      return day - sinceMonday * DAY;
    }
    case 'month':
      return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  }
}

/** The window before the one starting at `start`. */
function previousStart(interval: AlertData['interval'], start: number): number {
  if (interval === 'month') {
    const date = new Date(start);
    return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1);
  }
  return start - (interval === 'hour' ? HOUR : interval === 'day' ? DAY : 7 * DAY);
}

/** The last completed UTC window of the alert's interval at `now`: what an evaluation at `now` measures. */
export function lastCompleteWindow(interval: AlertData['interval'], now: number): AlertWindow {
  const to = startOf(interval, now);
  return { from: previousStart(interval, to), to };
}
