import { z } from 'zod';
import { eventQuerySchema } from '../event-query.js';
import { descriptionField, nameField, requiredText } from './common.js';

/** Widgets on one dashboard. */
export const MAX_DASHBOARD_WIDGETS = 50;
/** How a widget draws its series. */
export const WIDGET_TYPES = ['line', 'bar', 'area', 'table', 'number'] as const;

const { project_id: _projectId, ...widgetQueryShape } = eventQuerySchema.shape;

/**
 * A widget's query: the body of `POST /v1/api/query/events` without `project_id` (the dashboard's
 * project), held to the same rules, the cross-field ones included.
 */
export const widgetQuerySchema = z.object(widgetQueryShape, { error: 'widgets[].query must be an object' }).superRefine((query, ctx) => {
  const full = eventQuerySchema.safeParse({ ...query, project_id: 1 });
  if (full.success) return;
  // Field issues repeat the object's own (describeIssues drops duplicates); the cross-field ones are new.
  for (const issue of full.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
});

export const dashboardWidgetSchema = z.object(
  {
    id: requiredText('widgets[].id', 100).meta({ description: 'Chosen by the client; unique within the dashboard.' }),
    title: requiredText('widgets[].title'),
    type: z.enum(WIDGET_TYPES, { error: `widgets[].type must be one of ${WIDGET_TYPES.join(', ')}` }),
    query: widgetQuerySchema,
  },
  { error: 'widgets[] must be objects with id, title, type and query' },
);

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
