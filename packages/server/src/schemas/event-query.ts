import { z } from 'zod';
import { isTimeZone, parseUtcDate, QUERY_INTERVALS, QUERY_METRICS } from '@northstar/core';
import { groupBySchema, MAX_QUERY_FILTERS, queryFilterSchema } from './event-query-filters.js';
import { LIMITS } from './limits.js';
import { isoDate } from './timestamp.js';

const DAY_MS = 86_400_000;

/** `total` counts events, `uniq` people, `per_user` events per person; the others aggregate the numeric `property`. */
export const EVENT_QUERY_METRICS = QUERY_METRICS;
export const PROPERTY_METRICS: readonly string[] = ['sum', 'avg', 'min', 'max', 'p50', 'p90', 'p99'];
/** Metrics whose empty bucket is `0`; the others (averages, extremes, percentiles, per_user) are `null` there. */
export const ZERO_WHEN_EMPTY_METRICS: readonly string[] = ['total', 'uniq', 'sum', 'dau', 'wau', 'mau'];
/** People active in the trailing 1 / 7 / 30 days: day, week and month buckets only. */
export const ACTIVE_PEOPLE_METRICS: readonly string[] = ['dau', 'wau', 'mau'];
/** Buckets local to `timezone`; weeks start on Monday. */
export const EVENT_QUERY_INTERVALS = QUERY_INTERVALS;
/** Longest range of an hourly query (days): 744 buckets per series. */
export const MAX_HOURLY_DAYS = 31;
/**
 * Longest `date_range` per interval, in local days: about 750 buckets per series for hour, 366 for day,
 * 105 for week (two years) and 61 for month (five years), so no answer grows past a few hundred points.
 */
export const MAX_DAYS_PER_INTERVAL = { hour: MAX_HOURLY_DAYS, day: 366, week: 732, month: 1830 } as const;
const CAPS_TEXT = Object.entries(MAX_DAYS_PER_INTERVAL)
  .map(([interval, days]) => `${interval} ${days}`)
  .join(', ');

/** Days of an inclusive range, or undefined when a date is invalid (already reported by its own field). */
function daysInRange(range: { start: string; end: string }): number | undefined {
  const start = parseUtcDate(range.start);
  const end = parseUtcDate(range.end);
  return start === undefined || end === undefined ? undefined : (end - start) / DAY_MS + 1;
}

/** Body of `POST /v1/query/events` (spec 2.2, with the metrics, intervals, filters and grouping of docs/decisions.md). */
export const eventQuerySchema = z
  .object({
    project_id: z.int({ error: 'project_id must be an integer' }).positive('project_id must be positive'),
    events: z
      .array(
        z.object(
          {
            name: z.string({ error: 'events[].name must be a string' }).min(1, 'events[].name must not be empty').max(LIMITS.maxEventNameLength),
            filters: z
              .array(queryFilterSchema, { error: 'events[].filters must be an array' })
              .max(MAX_QUERY_FILTERS, `events[].filters holds more than ${MAX_QUERY_FILTERS} filters`)
              .optional()
              .meta({ description: "This event's own filters, added to the query's `filters` (all must match)." }),
          },
          { error: 'events[] must be objects with a name' },
        ),
        { error: 'events must be an array' },
      )
      .min(1, 'events must hold at least one event')
      .max(LIMITS.maxQueryEvents, `events holds more than ${LIMITS.maxQueryEvents} events`),
    metric: z.enum(EVENT_QUERY_METRICS, { error: `metric must be one of ${EVENT_QUERY_METRICS.join(', ')}` }),
    property: z.string({ error: 'property must be a string' }).min(1, 'property must not be empty').max(LIMITS.maxPropertyKeyLength).optional(),
    date_range: z
      .object({ start: isoDate('date_range.start'), end: isoDate('date_range.end') }, { error: 'date_range must be an object' })
      .refine((range) => (daysInRange(range) ?? 1) >= 1, 'date_range.start must not be after date_range.end')
      .refine(
        (range) => (daysInRange(range) ?? 0) <= MAX_DAYS_PER_INTERVAL.month,
        `date_range spans more than ${MAX_DAYS_PER_INTERVAL.month} days, the most for any interval (days per interval: ${CAPS_TEXT})`,
      ),
    interval: z.enum(EVENT_QUERY_INTERVALS, { error: `interval must be one of ${EVENT_QUERY_INTERVALS.join(', ')}` }),
    timezone: z
      .string({ error: 'timezone must be a string' })
      .max(100, 'timezone must be an IANA time zone name such as Europe/Berlin')
      .refine(isTimeZone, 'timezone must be an IANA time zone name such as Europe/Berlin')
      .optional()
      .meta({ description: 'IANA time zone of date_range and the buckets (daylight-saving changes included). Default UTC.' }),
    filters: z
      .array(queryFilterSchema, { error: 'filters must be an array' })
      .max(MAX_QUERY_FILTERS, `filters holds more than ${MAX_QUERY_FILTERS} filters`)
      .optional(),
    group_by: groupBySchema.optional(),
    segment_id: z
      .int({ error: 'segment_id must be an integer' })
      .positive('segment_id must be positive')
      .optional()
      .meta({ description: "A saved segment of the project: its filters are added to every event's (404 when there is none)." }),
    compare: z
      .union([z.boolean(), z.literal('previous_period')], { error: 'compare must be true, false or previous_period' })
      .optional()
      .meta({ description: 'true or previous_period: each series also gets `previous`, the same number of local days just before the range.' }),
  })
  .superRefine((query, ctx) => {
    const needsProperty = PROPERTY_METRICS.includes(query.metric);
    if (needsProperty && query.property === undefined)
      ctx.addIssue({ code: 'custom', path: ['property'], message: `property is required with metric ${query.metric}` });
    if (!needsProperty && query.property !== undefined)
      ctx.addIssue({ code: 'custom', path: ['property'], message: `property is only used with metric ${PROPERTY_METRICS.join(', ')}` });
    if (query.interval === 'hour' && ACTIVE_PEOPLE_METRICS.includes(query.metric)) {
      ctx.addIssue({ code: 'custom', path: ['interval'], message: `metric ${query.metric} takes interval day, week or month, not hour` });
    }
    const cap = MAX_DAYS_PER_INTERVAL[query.interval];
    const days = daysInRange(query.date_range) ?? 0;
    if (days > cap && days <= MAX_DAYS_PER_INTERVAL.month) {
      const message = `date_range spans ${days} days, more than ${cap}, the most for interval ${query.interval} (days per interval: ${CAPS_TEXT})`;
      ctx.addIssue({ code: 'custom', path: ['date_range'], message });
    }
  })
  .meta({
    examples: [
      {
        project_id: 1,
        events: [{ name: '$pageview' }],
        metric: 'uniq',
        date_range: { start: '2026-10-24', end: '2026-10-26' },
        interval: 'day',
        timezone: 'Europe/Berlin',
      },
    ],
  });

export type EventQueryBody = z.infer<typeof eventQuerySchema>;

const pointsSchema = z.array(z.object({ date: z.string(), value: z.number().nullable() }));

export const queryResponseSchema = z
  .object({
    metric: z.enum(EVENT_QUERY_METRICS),
    interval: z.enum(EVENT_QUERY_INTERVALS),
    timezone: z.string().meta({ description: 'The time zone of the buckets (UTC unless the query named one).' }),
    date_range: z.object({ start: z.string(), end: z.string() }),
    compare: z
      .object({ date_range: z.object({ start: z.string(), end: z.string() }) })
      .optional()
      .meta({ description: 'With compare: the previous period, as many local days as date_range, ending the day before its start.' }),
    series: z.array(
      z.object({
        event: z.string(),
        group: z.string().nullable().optional().meta({ description: 'With group_by: the property value of this series (null: events without it).' }),
        previous: pointsSchema.optional().meta({
          description:
            "With compare: the previous period's buckets of the same event (and group), in order, aligned by index with data " +
            '(the counts may differ by one where a week, a month or a daylight-saving change falls differently).',
        }),
        data: pointsSchema.meta({
          description:
            'Every bucket of the range: YYYY-MM-DD (day; the Monday for week, the 1st for month) or the local hour with its offset ' +
            '(2026-10-25T02:00:00+01:00). An empty bucket is 0 for total, uniq, sum, dau, wau and mau, null for the other metrics.',
        }),
      }),
    ),
  })
  .meta({
    examples: [
      {
        metric: 'uniq',
        interval: 'day',
        timezone: 'Europe/Berlin',
        date_range: { start: '2026-10-24', end: '2026-10-26' },
        series: [
          {
            event: '$pageview',
            data: [
              { date: '2026-10-24', value: 120 },
              { date: '2026-10-25', value: 98 },
              { date: '2026-10-26', value: 0 },
            ],
          },
        ],
      },
    ],
  });

export type EventQueryResponse = z.infer<typeof queryResponseSchema>;
