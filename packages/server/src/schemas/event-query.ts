import { z } from 'zod';
import { parseUtcDate, QUERY_INTERVALS, QUERY_METRICS } from '@northstar/core';
import { groupBySchema, MAX_QUERY_FILTERS, propertyFilterSchema } from './event-query-filters.js';
import { LIMITS } from './limits.js';
import { isoDate } from './timestamp.js';

const DAY_MS = 86_400_000;

/** `total` counts events, `uniq` people; the others aggregate the numeric `property`. */
export const EVENT_QUERY_METRICS = QUERY_METRICS;
export const PROPERTY_METRICS: readonly string[] = ['sum', 'avg', 'min', 'max'];
/** UTC buckets; weeks start on Monday. */
export const EVENT_QUERY_INTERVALS = QUERY_INTERVALS;
/** Longest range of an hourly query (days): 744 buckets per series. */
export const MAX_HOURLY_DAYS = 31;

/** Days of an inclusive range, or undefined when a date is invalid (already reported by its own field). */
function daysInRange(range: { start: string; end: string }): number | undefined {
  const start = parseUtcDate(range.start);
  const end = parseUtcDate(range.end);
  return start === undefined || end === undefined ? undefined : (end - start) / DAY_MS + 1;
}

/** Body of `POST /v1/api/query/events` (spec 2.2, with the metrics, intervals, filters and grouping of docs/decisions.md). */
export const eventQuerySchema = z
  .object({
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
    metric: z.enum(EVENT_QUERY_METRICS, { error: `metric must be one of ${EVENT_QUERY_METRICS.join(', ')}` }),
    property: z.string({ error: 'property must be a string' }).min(1, 'property must not be empty').max(LIMITS.maxPropertyKeyLength).optional(),
    date_range: z
      .object({ start: isoDate('date_range.start'), end: isoDate('date_range.end') }, { error: 'date_range must be an object' })
      .refine((range) => (daysInRange(range) ?? 1) >= 1, 'date_range.start must not be after date_range.end')
      .refine((range) => (daysInRange(range) ?? 0) <= LIMITS.maxQueryDays, `date_range spans more than ${LIMITS.maxQueryDays} days`),
    interval: z.enum(EVENT_QUERY_INTERVALS, { error: `interval must be one of ${EVENT_QUERY_INTERVALS.join(', ')}` }),
    filters: z
      .array(propertyFilterSchema, { error: 'filters must be an array' })
      .max(MAX_QUERY_FILTERS, `filters holds more than ${MAX_QUERY_FILTERS} filters`)
      .optional(),
    group_by: groupBySchema.optional(),
  })
  .superRefine((query, ctx) => {
    const needsProperty = PROPERTY_METRICS.includes(query.metric);
    if (needsProperty && query.property === undefined)
      ctx.addIssue({ code: 'custom', path: ['property'], message: `property is required with metric ${query.metric}` });
    if (!needsProperty && query.property !== undefined)
      ctx.addIssue({ code: 'custom', path: ['property'], message: `property is only used with metric sum, avg, min or max` });
    if (query.interval === 'hour' && (daysInRange(query.date_range) ?? 0) > MAX_HOURLY_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['date_range'], message: `date_range spans more than ${MAX_HOURLY_DAYS} days, the most for interval hour` });
    }
  });

export type EventQueryBody = z.infer<typeof eventQuerySchema>;

export const queryResponseSchema = z.object({
  metric: z.enum(EVENT_QUERY_METRICS),
  interval: z.enum(EVENT_QUERY_INTERVALS),
  date_range: z.object({ start: z.string(), end: z.string() }),
  series: z.array(
    z.object({
      event: z.string(),
      group: z.string().nullable().optional().meta({ description: 'With group_by: the property value of this series (null: events without it).' }),
      data: z
        .array(z.object({ date: z.string(), value: z.number() }))
        .meta({ description: 'Every bucket of the range, zero-filled: YYYY-MM-DD (day; the Monday for week, the 1st for month) or an ISO hour.' }),
    }),
  ),
});

export type EventQueryResponse = z.infer<typeof queryResponseSchema>;
