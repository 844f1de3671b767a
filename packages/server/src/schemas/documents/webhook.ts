import { z } from 'zod';
import { descriptionField, requiredText } from './common.js';

/** What a webhook may subscribe to (spec 6.1). */
export const WEBHOOK_EVENT_TYPES = ['alert_triggered', 'experiment_significant'] as const;
/** Characters of a webhook URL. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;
export const MIN_WEBHOOK_SECRET_LENGTH = 16;
export const MAX_WEBHOOK_SECRET_LENGTH = 200;

/** The fields of a webhook, as written by clients. `secret` is write-only. */
export const webhookFields = z.object({
  url: requiredText('url', MAX_WEBHOOK_URL_LENGTH).meta({
    description: 'http or https, without credentials; refused when the host is or resolves to a loopback, private, link-local or otherwise internal address.',
  }),
  description: descriptionField,
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `events[] must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}` }), { error: 'events must be an array' })
    .min(1, 'events must hold at least one event type')
    .max(WEBHOOK_EVENT_TYPES.length, 'events holds an event type twice'),
  active: z.boolean({ error: 'active must be a boolean' }).default(true),
  secret: z
    .string({ error: 'secret must be a string' })
    .min(MIN_WEBHOOK_SECRET_LENGTH, `secret must be at least ${MIN_WEBHOOK_SECRET_LENGTH} characters`)
    .max(MAX_WEBHOOK_SECRET_LENGTH, `secret must be at most ${MAX_WEBHOOK_SECRET_LENGTH} characters`)
    .optional()
    .meta({
      description:
        'HMAC key of X-Webhook-Signature. Generated when absent at creation; kept when absent on update. Returned in full only by the creation response.',
    }),
});

export const webhookSchema = webhookFields.superRefine((webhook, ctx) => {
  if (new Set(webhook.events).size !== webhook.events.length) ctx.addIssue({ code: 'custom', path: ['events'], message: 'events holds an event type twice' });
});

export type WebhookData = z.infer<typeof webhookSchema>;

/** What responses show of the secret after creation. */
export const webhookSecretPrefixField = z.string().meta({ description: 'The first characters of the secret, for identification.' });

/** A delivery attempt log entry (written by the delivery worker; fields beyond these may appear). */
export const webhookDeliverySchema = z.looseObject({
  id: z.int().positive(),
  project_id: z.int().positive(),
  webhook_id: z.int().positive(),
  version: z.int().positive(),
  created_at: z.string(),
  updated_at: z.string(),
});
