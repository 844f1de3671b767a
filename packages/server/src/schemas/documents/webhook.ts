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

/** What the server keeps on a webhook besides its fields (docs/webhooks.md); read-only. */
export const webhookStateFields = {
  consecutive_failures: z
    .int()
    .nonnegative()
    .optional()
    .meta({ description: 'Deliveries in a row that failed for good (test events aside); at 20 the webhook is turned off.' }),
  disabled_reason: z
    .string()
    .optional()
    .meta({ description: 'Why the server turned the webhook off (20 failed deliveries in a row, or a 410 Gone); cleared when it is turned on again.' }),
  disabled_at: z.string().optional().meta({ description: 'When the server turned the webhook off.' }),
  previous_secret_expires_at: z.string().optional().meta({ description: 'After a rotation: until then, deliveries are signed with the previous secret too.' }),
};

/** One HTTP attempt of a delivery. */
export const webhookAttemptSchema = z.object({
  /** 1 to 4 within a run; a replay starts a new run. */
  attempt: z.int().positive(),
  run: z.int().positive().meta({ description: '1 for the first delivery, +1 for each replay.' }),
  at: z.string().meta({ description: 'Start of the attempt, ISO 8601 UTC.' }),
  status: z.int().nullable().meta({ description: "The receiver's HTTP status; null when there was none (refused address, transport error, time-out)." }),
  duration_ms: z.number().nonnegative(),
  error: z.string().nullable().meta({ description: 'Why the attempt failed; null when it succeeded.' }),
  next_attempt_in_ms: z.int().nullable().meta({ description: 'Delay of the retry this attempt scheduled; null when none.' }),
});

/** A delivery of one event to one webhook, with its attempt log (written by the delivery worker). */
export const webhookDeliverySchema = z.looseObject({
  id: z.int().positive().meta({ description: 'Id of the delivery in the API (replay it with POST .../deliveries/:id/replay).' }),
  project_id: z.int().positive(),
  webhook_id: z.int().positive(),
  delivery_id: z.string().meta({ description: 'X-Webhook-Id and webhook-id of every attempt: the same on retries and replays.' }),
  event_type: z.string(),
  test: z.boolean().meta({ description: 'A test event sent by POST .../webhooks/:id/test.' }),
  status: z.enum(['pending', 'retrying', 'succeeded', 'failed', 'cancelled']),
  body: z.string().meta({ description: 'The exact body sent.' }),
  attempts: z.array(webhookAttemptSchema),
  version: z.int().positive(),
  created_at: z.string(),
  updated_at: z.string(),
});
