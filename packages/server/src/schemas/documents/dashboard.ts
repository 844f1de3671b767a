import { z } from 'zod';
import { eventQuerySchema } from '../event-query.js';
import { funnelQuerySchema } from '../funnel-query.js';
import { retentionQuerySchema } from '../retention-query.js';
import { descriptionField, nameField, requiredText } from './common.js';

/** Widgets on one dashboard. */
export const MAX_DASHBOARD_WIDGETS = 50;
/** Types of the widgets that hold an event (segmentation) query: how they draw its series. */
export const SEGMENTATION_WIDGET_TYPES = ['line', 'bar', 'area', 'table', 'number'] as const;
/** Every widget type: the segmentation ones, a funnel (its query: a funnel query) and a retention grid (a retention query). */
export const WIDGET_TYPES = [...SEGMENTATION_WIDGET_TYPES, 'funnel', 'retention'] as const;

export type WidgetType = (typeof WIDGET_TYPES)[number];

const { project_id: _projectId, ...widgetQueryShape } = eventQuerySchema.shape;

/**
 * A segmentation widget's query: the body of `POST /v1/query/events` without `project_id` (the
 * dashboard's project), held to the same rules, the cross-field ones included.
 */
export const widgetQuerySchema = z.object(widgetQueryShape, { error: 'widgets[].query must be an object' }).superRefine((query, ctx) => {
  const full = eventQuerySchema.safeParse({ ...query, project_id: 1 });
  if (full.success) return;
  // Field issues repeat the object's own (describeIssues drops duplicates); the cross-field ones are new.
  for (const issue of full.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
});

/** A funnel widget's query: the body of `POST /v1/query/funnels` without `project_id`. */
export const funnelWidgetQuerySchema = funnelQuerySchema.omit({ project_id: true });
/** A retention widget's query: the body of `POST /v1/query/retention` without `project_id`. */
export const retentionWidgetQuerySchema = retentionQuerySchema.omit({ project_id: true });

const widgetFields = {
  id: requiredText('widgets[].id', 100).meta({ description: 'Chosen by the client; unique within the dashboard.' }),
  title: requiredText('widgets[].title'),
};

const WIDGET_SHAPE_ERROR = 'widgets[] must be objects with id, title, type and query';

/**
 * One widget, by `type`: a segmentation chart (`line | bar | area | table | number`, with an event
 * query), a `funnel` (a funnel query) or a `retention` grid (a retention query). Stored segmentation
 * widgets validate as they always did.
 */
export const dashboardWidgetSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ ...widgetFields, type: z.enum(SEGMENTATION_WIDGET_TYPES), query: widgetQuerySchema }, { error: WIDGET_SHAPE_ERROR }),
    z.object({ ...widgetFields, type: z.literal('funnel'), query: funnelWidgetQuerySchema }, { error: WIDGET_SHAPE_ERROR }),
    z.object({ ...widgetFields, type: z.literal('retention'), query: retentionWidgetQuerySchema }, { error: WIDGET_SHAPE_ERROR }),
  ],
  {
    error: (issue) => {
      if (issue.code === 'invalid_union') return `widgets[].type must be one of ${WIDGET_TYPES.join(', ')}`;
      if (issue.code === 'invalid_type') return WIDGET_SHAPE_ERROR;
      return undefined;
    },
  },
);

export type DashboardWidget = z.infer<typeof dashboardWidgetSchema>;

/** The fields of a dashboard, as written by clients. */
export const dashboardFields = z.object({
  name: nameField,
  description: descriptionField,
  widgets: z
    .array(dashboardWidgetSchema, { error: 'widgets must be an array' })
    .max(MAX_DASHBOARD_WIDGETS, `widgets holds more than ${MAX_DASHBOARD_WIDGETS} widgets`)
    .default([]),
});

export const dashboardSchema = dashboardFields.superRefine((dashboard, ctx) => {
  const seen = new Set<string>();
  dashboard.widgets.forEach((widget, index) => {
    if (seen.has(widget.id)) ctx.addIssue({ code: 'custom', path: ['widgets', index, 'id'], message: `widgets[].id ${widget.id} is used twice` });
    seen.add(widget.id);
  });
});

export type DashboardData = z.infer<typeof dashboardSchema>;
