import { z } from 'zod';
import { SEGMENTATION_WIDGET_TYPES } from './documents/dashboard.js';
import { queryResponseSchema } from './event-query.js';
import { funnelResponseSchema } from './funnel-query.js';
import { retentionResponseSchema } from './retention-query.js';

/** Shortest lifetime of an embed token, in seconds (a minute). */
export const MIN_EMBED_SECONDS = 60;
/** Longest lifetime of an embed token, in seconds (365 days): a token is revocable, but not forever. */
export const MAX_EMBED_SECONDS = 365 * 86_400;
/** Lifetime of an embed token minted without `expires_in` (30 days). */
export const DEFAULT_EMBED_SECONDS = 30 * 86_400;

/** `POST /v1/projects/:projectId/embeds`: a token for a dashboard, or for one widget of it. */
export const createEmbedBodySchema = z
  .object({
    dashboard_id: z.int({ error: 'dashboard_id must be an integer' }).positive('dashboard_id must be positive'),
    widget_id: z
      .string({ error: 'widget_id must be a string' })
      .min(1, 'widget_id must not be empty')
      .max(100, 'widget_id must be at most 100 characters')
      .optional()
      .meta({ description: 'One widget of the dashboard: the token opens that widget only. Absent: the whole dashboard.' }),
    expires_in: z
      .int({ error: 'expires_in must be an integer' })
      .min(MIN_EMBED_SECONDS, `expires_in must be at least ${MIN_EMBED_SECONDS} seconds`)
      .max(MAX_EMBED_SECONDS, `expires_in must be at most ${MAX_EMBED_SECONDS} seconds (365 days)`)
      .default(DEFAULT_EMBED_SECONDS)
      .meta({
        description: `Seconds the token is valid: ${MIN_EMBED_SECONDS} to ${MAX_EMBED_SECONDS} (365 days), default ${DEFAULT_EMBED_SECONDS} (30 days).`,
      }),
  })
  .meta({ examples: [{ dashboard_id: 12, widget_id: 'signups', expires_in: 86_400 }] });

export type CreateEmbedBody = z.infer<typeof createEmbedBodySchema>;

/** Who minted a token: a signed-in account or a secret key. */
const creatorSchema = z.object({ kind: z.enum(['account', 'api_key']), id: z.int().positive() });

/** An embed token's record as stored in the ConfigStore (document kind `embed`, key = the token id, parent = the dashboard). */
export const embedRecordSchema = z.object({
  object: z.enum(['dashboard', 'widget']),
  dashboard_id: z.int().positive(),
  widget_id: z.string().nullable(),
  created_by: creatorSchema,
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
});

export type EmbedRecordData = z.infer<typeof embedRecordSchema>;

const exampleView = {
  id: 57,
  project_id: 3,
  object: 'widget',
  dashboard_id: 12,
  widget_id: 'signups',
  created_by: { kind: 'account', id: 1 },
  created_at: '2024-05-01T10:00:00.000Z',
  expires_at: '2024-05-02T10:00:00.000Z',
  revoked_at: null,
} as const;

/** An embed token as listed: its record, never the token. */
export const embedViewSchema = z
  .object({
    id: z.int().positive().meta({ description: 'The id to revoke it with (DELETE /v1/projects/:projectId/embeds/:id)' }),
    project_id: z.int().positive(),
    ...embedRecordSchema.shape,
    created_at: z.string(),
  })
  .meta({ examples: [exampleView] });

export type EmbedView = z.infer<typeof embedViewSchema>;

/** A token just minted: the only response that holds it. */
export const createdEmbedSchema = embedViewSchema
  .extend({
    token: z.string().meta({ description: 'The embed token (a JWT); shown only in this response' }),
    path: z.string().meta({ description: 'Where the token opens its object: `GET <path>` (JSON, or HTML with Accept: text/html), from the host root' }),
  })
  .meta({
    examples: [{ ...exampleView, token: 'eyJhbGciOiJIUzI1NiIsInR5cCI6ImVtYmVkK2p3dCJ9...', path: '/v1/embed/eyJhbGciOiJIUzI1NiIsInR5cCI6ImVtYmVkK2p3dCJ9...' }],
  });

export type CreatedEmbed = z.infer<typeof createdEmbedSchema>;

export const embedListSchema = z.object({ items: z.array(embedViewSchema), next: z.int().positive().nullable() });

const widgetHead = { id: z.string(), title: z.string() };

/**
 * One widget of an embed answer: its saved query's answer, the body the query route answers —
 * `POST /v1/query/events` for segmentation types, `/v1/query/funnels` for `funnel`,
 * `/v1/query/retention` for `retention`.
 */
export const embedWidgetSchema = z.discriminatedUnion('type', [
  z.object({
    ...widgetHead,
    type: z.enum(SEGMENTATION_WIDGET_TYPES),
    result: queryResponseSchema.meta({
      description: "One series per event (and group): a series' label is its `event` (and `group`), its points are `data`.",
    }),
  }),
  z.object({
    ...widgetHead,
    type: z.literal('funnel'),
    result: funnelResponseSchema.meta({ description: 'People per step, in order: the bars of the funnel.' }),
  }),
  z.object({
    ...widgetHead,
    type: z.literal('retention'),
    result: retentionResponseSchema.meta({ description: 'Cohorts (rows) by period (columns `labels`), and the average curve.' }),
  }),
]);

const exampleResult = {
  metric: 'uniq',
  interval: 'day',
  timezone: 'UTC',
  date_range: { start: '2024-05-01', end: '2024-05-03' },
  series: [
    {
      event: 'signup',
      data: [
        { date: '2024-05-01', value: 12 },
        { date: '2024-05-02', value: 18 },
        { date: '2024-05-03', value: 9 },
      ],
    },
  ],
};

/** `GET /v1/embed/:token` as JSON: the dashboard with every widget's data, or the one widget a widget token opens. */
export const embedContentSchema = z
  .object({
    kind: z.enum(['dashboard', 'widget']),
    title: z.string().meta({ description: "The dashboard's name, or the widget's title" }),
    description: z.string().nullable().meta({ description: "The dashboard's description (null for a widget token, or when it has none)" }),
    generated_at: z.string().meta({ description: 'When the data was computed (ISO 8601 UTC)' }),
    widgets: z.array(embedWidgetSchema),
  })
  .meta({
    examples: [
      {
        kind: 'widget',
        title: 'Daily signups',
        description: null,
        generated_at: '2024-05-03T10:00:00.000Z',
        widgets: [{ id: 'signups', title: 'Daily signups', type: 'line', result: exampleResult }],
      },
    ],
  });

export type EmbedContent = z.infer<typeof embedContentSchema>;
export type EmbedWidget = z.infer<typeof embedWidgetSchema>;
/** A widget drawn from series over time buckets (line, area, bar, number, table). */
export type SeriesEmbedWidget = Exclude<EmbedWidget, { type: 'funnel' | 'retention' }>;
