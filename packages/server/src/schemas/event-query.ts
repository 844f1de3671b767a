import { z } from 'zod';
import { QUERY_INTERVALS, QUERY_METRICS, parseUtcDate } from '@northstar/core';
import { LIMITS } from './limits.js';
import { isoDate } from './timestamp.js';

const DAY_MS = 86_400_000;

/** Days of an inclusive range, or undefined when a date is invalid (already reported by its own field). */
function daysInRange(range: { start: string; end: string }): number | undefined {
  const start = parseUtcDate(range.start);
  const end = parseUtcDate(range.end);
  return start === undefined || end === undefined ? undefined : (end - start) / DAY_MS + 1;
}

/** Body of `POST /v1/api/query/events` (spec 2.2). */
export const eventQuerySchema = z.object({
  project_id: z.int({ error: 'project_id must be an integer' }).positive('project_id must be positive'),
  events: z
    .array(
      z.object({
        name: z.string({ error: 'events[].name must be a string' }).min(1, 'events[].name must not be empty').max(LIMITS.maxEventNameLength),
      }),
      { error: 'events must be an array' },
    )
    .min(1, 'events must hold at least one event')
    .max(LIMITS.maxQueryEvents, `events holds more than ${LIMITS.maxQueryEvents} events`),
  metric: z.enum(QUERY_METRICS, { error: `metric must be one of ${QUERY_METRICS.join(', ')}` }),
  date_range: z
    .object({ start: isoDate('date_range.start'), end: isoDate('date_range.end') }, { error: 'date_range must be an object' })
    .refine((range) => (daysInRange(range) ?? 1) >= 1, 'date_range.start must not be after date_range.end')
    .refine((range) => (daysInRange(range) ?? 0) <= LIMITS.maxQueryDays, `date_range spans more than ${LIMITS.maxQueryDays} days`),
  interval: z.enum(QUERY_INTERVALS, { error: `interval must be one of ${QUERY_INTERVALS.join(', ')}` }),
});

export const queryResponseSchema = z.object({
  metric: z.enum(QUERY_METRICS),
  interval: z.enum(QUERY_INTERVALS),
  date_range: z.object({ start: z.string(), end: z.string() }),
  series: z.array(
    z.object({
      event: z.string(),
      data: z.array(z.object({ date: z.string(), value: z.number() })).meta({ description: 'Every day of the range, zero-filled.' }),
    }),
  ),
});
