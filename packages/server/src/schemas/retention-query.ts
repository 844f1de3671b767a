import { z } from 'zod';
import { eventStepSchema, localDateRangeSchema, projectIdSchema, timeZoneSchema } from './zoned-range.js';

export const RETENTION_PERIODS = ['day', 'week'] as const;
export const MAX_RETENTION_PERIODS = 52;

/** Body of `POST /v1/query/retention` (docs/queries.md "Retention"). */
export const retentionQuerySchema = z
  .object({
    project_id: projectIdSchema,
    start_event: eventStepSchema('start_event'),
    return_event: eventStepSchema('return_event'),
    period: z.enum(RETENTION_PERIODS, { error: `period must be one of ${RETENTION_PERIODS.join(', ')}` }),
    periods: z
      .int({ error: 'periods must be an integer' })
      .min(1, 'periods must be at least 1')
      .max(MAX_RETENTION_PERIODS, `periods must be at most ${MAX_RETENTION_PERIODS}`)
      .meta({ description: 'Periods counted after the cohort’s own: each cohort has periods + 1 values.' }),
    date_range: localDateRangeSchema.meta({ description: 'Inclusive days of `timezone`: a person’s first start event in it sets their cohort.' }),
    timezone: timeZoneSchema,
  })
  .meta({
    examples: [
      {
        project_id: 1,
        start_event: { event: 'signup' },
        return_event: { event: '$pageview' },
        period: 'week',
        periods: 4,
        date_range: { start: '2024-03-04', end: '2024-03-17' },
        timezone: 'America/New_York',
      },
    ],
  });

export type RetentionQueryBody = z.infer<typeof retentionQuerySchema>;

export const retentionResponseSchema = z
  .object({
    period: z.enum(RETENTION_PERIODS),
    periods: z.int(),
    date_range: z.object({ start: z.string(), end: z.string() }),
    timezone: z.string(),
    labels: z.array(z.string()).meta({ description: 'The column labels: `Day 0`…`Day N` or `Week 0`…`Week N`.' }),
    cohorts: z
      .array(
        z.object({
          label: z.string().meta({ description: 'The cohort’s first local day, YYYY-MM-DD (the Monday for weeks; it may precede the range).' }),
          size: z.int(),
          values: z
            .array(z.int().nullable())
            .meta({ description: 'People in periods 0..N: values[0] is the size; null for a period that starts after the query ran.' }),
        }),
      )
      .meta({ description: 'One per period of the range, oldest first, empty ones included.' }),
    average: z
      .array(z.number().nullable())
      .meta({ description: 'Per period: retained people / cohort sizes, summed over non-empty cohorts whose period has begun; null when there are none.' }),
  })
  .meta({
    examples: [
      {
        period: 'week',
        periods: 2,
        date_range: { start: '2024-03-04', end: '2024-03-17' },
        timezone: 'America/New_York',
        labels: ['Week 0', 'Week 1', 'Week 2'],
        cohorts: [
          { label: '2024-03-04', size: 10, values: [10, 4, 3] },
          { label: '2024-03-11', size: 5, values: [5, 1, null] },
        ],
        average: [1, 0.3333333333333333, 0.3],
      },
    ],
  });

export type RetentionQueryResponse = z.infer<typeof retentionResponseSchema>;
