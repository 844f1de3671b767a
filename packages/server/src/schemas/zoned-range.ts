import { z } from 'zod';
import { isTimeZone, parseUtcDate } from '@northstar/core';
import { MAX_QUERY_FILTERS, propertyFilterSchema } from './event-query-filters.js';
import { LIMITS } from './limits.js';
import { isoDate } from './timestamp.js';

const DAY_MS = 86_400_000;

/** Days of an inclusive range, or undefined when a date is invalid (already reported by its own field). */
function daysInRange(range: { start: string; end: string }): number | undefined {
  const start = parseUtcDate(range.start);
  const end = parseUtcDate(range.end);
  return start === undefined || end === undefined ? undefined : (end - start) / DAY_MS + 1;
}

/** `{ start, end }`: inclusive calendar days of the query's time zone (docs/queries.md "Date ranges and time zones"). */
export const localDateRangeSchema = z
  .object({ start: isoDate('date_range.start'), end: isoDate('date_range.end') }, { error: 'date_range must be an object' })
  .refine((range) => (daysInRange(range) ?? 1) >= 1, 'date_range.start must not be after date_range.end')
  .refine((range) => (daysInRange(range) ?? 0) <= LIMITS.maxQueryDays, `date_range spans more than ${LIMITS.maxQueryDays} days`);

/** An IANA time zone name known to the server's runtime (answered in its canonical spelling); `UTC` when absent. */
export const timeZoneSchema = z
  .string({ error: 'timezone must be a string' })
  .max(100, 'timezone must be an IANA time zone name such as Europe/Berlin')
  .refine(isTimeZone, 'timezone must be an IANA time zone name such as Europe/Berlin')
  .default('UTC');

/** `{ event, filters? }`: occurrences of one event name that pass every filter. */
export function eventStepSchema(field: string) {
  return z.object(
    {
      event: z
        .string({ error: `${field}.event must be a string` })
        .min(1, `${field}.event must not be empty`)
        .max(LIMITS.maxEventNameLength, `${field}.event is longer than ${LIMITS.maxEventNameLength} characters`),
      filters: z
        .array(propertyFilterSchema, { error: `${field}.filters must be an array` })
        .max(MAX_QUERY_FILTERS, `${field}.filters holds more than ${MAX_QUERY_FILTERS} filters`)
        .optional(),
    },
    { error: `${field} must be an object` },
  );
}

export const projectIdSchema = z.int({ error: 'project_id must be an integer' }).positive('project_id must be positive');
