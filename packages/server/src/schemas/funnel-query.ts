import { z } from 'zod';
import { groupBySchema } from './event-query-filters.js';
import { eventStepSchema, localDateRangeSchema, projectIdSchema, timeZoneSchema } from './zoned-range.js';

export const MIN_FUNNEL_STEPS = 2;
export const MAX_FUNNEL_STEPS = 10;
export const FUNNEL_WINDOW_UNITS = ['minute', 'hour', 'day'] as const;
export const WINDOW_UNIT_MS: Record<(typeof FUNNEL_WINDOW_UNITS)[number], number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };
/** The longest conversion window: 90 days. */
export const MAX_WINDOW_DAYS = 90;
export const DEFAULT_WINDOW = { value: 14, unit: 'day' } as const;

const windowSchema = z
  .object(
    {
      value: z.int({ error: 'window.value must be an integer' }).min(1, 'window.value must be at least 1'),
      unit: z.enum(FUNNEL_WINDOW_UNITS, { error: `window.unit must be one of ${FUNNEL_WINDOW_UNITS.join(', ')}` }),
    },
    { error: 'window must be an object' },
  )
  .refine((window) => window.value * WINDOW_UNIT_MS[window.unit] <= MAX_WINDOW_DAYS * WINDOW_UNIT_MS.day, `window is longer than ${MAX_WINDOW_DAYS} days`);

/** Body of `POST /v1/query/funnels` (docs/queries.md "Funnels"). */
export const funnelQuerySchema = z
  .object({
    project_id: projectIdSchema,
    steps: z
      .array(eventStepSchema('steps[]'), { error: 'steps must be an array' })
      .min(MIN_FUNNEL_STEPS, `steps must hold at least ${MIN_FUNNEL_STEPS} steps`)
      .max(MAX_FUNNEL_STEPS, `steps holds more than ${MAX_FUNNEL_STEPS} steps`),
    date_range: localDateRangeSchema.meta({ description: 'Inclusive days of `timezone`; step 1 must fall inside, later steps may follow it.' }),
    timezone: timeZoneSchema,
    window: windowSchema.default(DEFAULT_WINDOW).meta({ description: 'Conversion window from step 1; a step exactly at its end counts. At most 90 days.' }),
    group_by: groupBySchema.optional().meta({ description: 'A string property of the counted step-1 event; groups ranked by step-1 people.' }),
  })
  .meta({
    examples: [
      {
        project_id: 1,
        steps: [{ event: '$pageview', filters: [{ property: 'path', op: 'eq', value: '/pricing' }] }, { event: 'signup' }, { event: 'purchase' }],
        date_range: { start: '2024-03-01', end: '2024-03-31' },
        timezone: 'Europe/Berlin',
        window: { value: 7, unit: 'day' },
      },
    ],
  });

export type FunnelQueryBody = z.infer<typeof funnelQuerySchema>;

const funnelStepSchema = z.object({
  index: z.int().meta({ description: '1 for the first step.' }),
  event: z.string(),
  people: z.int().meta({ description: 'People who reached this step (each counted once, at their furthest step).' }),
  conversion_from_previous: z.number().nullable().meta({ description: 'people / people of the previous step (step 1: of itself); null when that is 0.' }),
  conversion_from_first: z.number().nullable().meta({ description: 'people / people of step 1; null when that is 0.' }),
  median_seconds_to_convert: z.number().nullable().meta({
    description: 'Median (nearest rank) of the seconds from the previous step, over the people who reached this step; null for step 1 and without people.',
  }),
});

export const funnelResponseSchema = z
  .object({
    date_range: z.object({ start: z.string(), end: z.string() }),
    timezone: z.string(),
    window_seconds: z.number(),
    steps: z.array(funnelStepSchema).meta({ description: 'Every step, in order: the bars of a funnel chart.' }),
    groups: z
      .array(z.object({ group: z.string().nullable(), steps: z.array(funnelStepSchema) }))
      .optional()
      .meta({
        description: 'With group_by: the kept groups, most step-1 people first (ties in code-point order, null last); null groups people without the property.',
      }),
  })
  .meta({
    examples: [
      {
        date_range: { start: '2024-03-01', end: '2024-03-31' },
        timezone: 'Europe/Berlin',
        window_seconds: 604800,
        steps: [
          { index: 1, event: '$pageview', people: 200, conversion_from_previous: 1, conversion_from_first: 1, median_seconds_to_convert: null },
          { index: 2, event: 'signup', people: 50, conversion_from_previous: 0.25, conversion_from_first: 0.25, median_seconds_to_convert: 310 },
          { index: 3, event: 'purchase', people: 10, conversion_from_previous: 0.2, conversion_from_first: 0.05, median_seconds_to_convert: 86400.5 },
        ],
      },
    ],
  });

export type FunnelQueryResponse = z.infer<typeof funnelResponseSchema>;
