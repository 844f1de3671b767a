import { z } from 'zod';
import { EVENT_QUERY_INTERVALS, EVENT_QUERY_METRICS, PROPERTY_METRICS } from '../event-query.js';
import { MAX_QUERY_FILTERS, propertyFilterSchema } from '../event-query-filters.js';
import { LIMITS } from '../limits.js';
import { descriptionField, idField, nameField, requiredText } from './common.js';

/** How the measured value is compared with the threshold: the alert fires when `value <condition> threshold`. */
export const ALERT_CONDITIONS = ['gt', 'gte', 'lt', 'lte'] as const;
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];
/** Webhooks one alert notifies. */
export const MAX_ALERT_WEBHOOKS = 20;

/** The fields of an alert, as written by clients. */
export const alertFields = z.object({
  name: nameField,
  description: descriptionField,
  event: requiredText('event', LIMITS.maxEventNameLength).meta({ description: 'The event whose metric is watched.' }),
  metric: z
    .enum(EVENT_QUERY_METRICS, { error: `metric must be one of ${EVENT_QUERY_METRICS.join(', ')}` })
    .default('total')
    .meta({ description: 'As in the event query: total events, uniq people, or sum/avg/min/max of `property`.' }),
  property: requiredText('property', LIMITS.maxPropertyKeyLength).optional(),
  filters: z
    .array(propertyFilterSchema, { error: 'filters must be an array' })
    .max(MAX_QUERY_FILTERS, `filters holds more than ${MAX_QUERY_FILTERS} filters`)
    .default([]),
  condition: z.enum(ALERT_CONDITIONS, { error: `condition must be one of ${ALERT_CONDITIONS.join(', ')}` }),
  threshold: z.number({ error: 'threshold must be a number' }).refine(Number.isFinite, 'threshold must be a finite number'),
  interval: z
    .enum(EVENT_QUERY_INTERVALS, { error: `interval must be one of ${EVENT_QUERY_INTERVALS.join(', ')}` })
    .meta({ description: 'The window measured and how often the alert is evaluated: the last completed UTC hour, day, week or month.' }),
  active: z.boolean({ error: 'active must be a boolean' }).default(true),
  webhook_ids: z
    .array(idField('webhook_ids[]'), { error: 'webhook_ids must be an array' })
    .max(MAX_ALERT_WEBHOOKS, `webhook_ids holds more than ${MAX_ALERT_WEBHOOKS} webhooks`)
    .default([])
    .meta({ description: 'Webhooks of the project notified with `alert_triggered`.' }),
});

export const alertSchema = alertFields.superRefine((alert, ctx) => {
  const needsProperty = PROPERTY_METRICS.includes(alert.metric);
  if (needsProperty && alert.property === undefined)
    ctx.addIssue({ code: 'custom', path: ['property'], message: `property is required with metric ${alert.metric}` });
  if (!needsProperty && alert.property !== undefined)
    ctx.addIssue({ code: 'custom', path: ['property'], message: 'property is only used with metric sum, avg, min or max' });
  if (new Set(alert.webhook_ids).size !== alert.webhook_ids.length)
    ctx.addIssue({ code: 'custom', path: ['webhook_ids'], message: 'webhook_ids holds a webhook twice' });
});

export type AlertData = z.infer<typeof alertSchema>;
