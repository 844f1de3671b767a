import { z } from 'zod';
import { parseUtcDate } from '@northstar/core';

/** True for an ISO 8601 date-time whose calendar date really exists (no February 30). */
export function isRealDateTime(value: string): boolean {
  return parseUtcDate(value.slice(0, 10)) !== undefined && !Number.isNaN(Date.parse(value));
}

/** ISO 8601 date-time with `Z` or an offset, e.g. `2024-05-01T10:00:00.000Z`. */
export function isoDateTime(field: string) {
  const message = `${field} must be an ISO 8601 date-time`;
  return z.iso.datetime({ offset: true, error: message }).refine(isRealDateTime, message);
}

/** A real calendar date `YYYY-MM-DD`. */
export function isoDate(field: string) {
  const message = `${field} must be a date in YYYY-MM-DD form`;
  return z.iso.date({ error: message }).refine((value) => parseUtcDate(value) !== undefined, message);
}
