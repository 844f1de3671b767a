import { z } from 'zod';
import { isUuid } from '@northstar/core';
import { NO_CONTROL_CHARACTERS, isWellFormed } from './text-rules.js';
import { LIMITS } from './limits.js';
import { isoDateTime } from './timestamp.js';

/**
 * A name or id: a non-empty string without control characters or lone surrogates (a `\ud800` escape
 * would otherwise become U+FFFD and merge distinct names). `ingest/fast-event.ts` applies the same
 * rules by hand to the common valid event; change both together (test/track-validation.test.ts of this
 * package holds them to the same answers).
 */
function text(field: string, max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .min(1, `${field} must not be empty`)
    .max(max, `${field} must be at most ${max} characters`)
    .regex(NO_CONTROL_CHARACTERS, `${field} must not contain control characters`)
    .refine(isWellFormed, `${field} must not contain lone surrogates`);
}

/** Absent, null, or a non-empty string. */
function optionalId(field: string) {
  return text(field, LIMITS.maxIdLength).nullish();
}

function properties<T extends z.ZodType>(field: string, value: T) {
  const key = z
    .string()
    .max(LIMITS.maxPropertyKeyLength, `${field} keys must be at most ${LIMITS.maxPropertyKeyLength} characters`)
    .regex(NO_CONTROL_CHARACTERS, `${field} keys must not contain control characters`)
    .refine(isWellFormed, `${field} keys must not contain lone surrogates`);
  return (
    z
      // A bad key is reported in the key rule's own words; anything else about the map itself: not an object.
      .record(key, value, { error: (issue) => (issue.code === 'invalid_key' ? issue.issues[0]?.message : `${field} must be an object`) })
      .refine((record) => Object.keys(record).length <= LIMITS.maxProperties, `${field} holds more than ${LIMITS.maxProperties} keys`)
      .optional()
  );
}

/**
 * One event of `POST /v1/track` (spec 2.1); unknown fields are dropped, and so are `__proto__` keys of
 * the property maps (zod skips them). Time bounds need the receive time and happen after this schema, in
 * `services/validate-events.ts`, which also repairs lone surrogates of string property values to U+FFFD
 * (names, ids and keys with one are refused here).
 */
export const trackedEventSchema = z
  .object({
    event_name: text('event_name', LIMITS.maxEventNameLength),
    user_id: optionalId('user_id'),
    device_id: optionalId('device_id'),
    session_id: optionalId('session_id'),
    uuid: z
      .string({ error: 'uuid must be a string' })
      .refine(isUuid, 'uuid must be a UUID')
      .optional()
      .meta({ description: 'Idempotency key; the server assigns a UUIDv7 when absent.' }),
    timestamp: isoDateTime('timestamp').optional().meta({ description: 'Receive time when absent.' }),
    sent_at: isoDateTime('sent_at').optional().meta({ description: 'Client time of sending; the server shifts `timestamp` by its own clock minus this.' }),
    str_properties: properties(
      'str_properties',
      z
        .string({ error: 'str_properties values must be strings' })
        .max(LIMITS.maxStringValueLength, `str_properties values must be at most ${LIMITS.maxStringValueLength} characters`),
    ),
    num_properties: properties('num_properties', z.number({ error: 'num_properties values must be finite numbers' })),
  })
  .refine((event) => Boolean(event.user_id) || Boolean(event.device_id), {
    message: 'user_id or device_id is required',
  });

export type ParsedTrackedEvent = z.infer<typeof trackedEventSchema>;

const apiKeyField = z.string().optional().meta({ description: 'SDK key for sendBeacon, which cannot set headers.' });

/** Documentation of the whole body: one event, or `{ batch, sent_at? }`. Validation is per event. */
export const trackBodySchema = z.union([
  trackedEventSchema.safeExtend({ api_key: apiKeyField }),
  z.object({
    batch: z.array(trackedEventSchema).min(1).max(LIMITS.maxBatchSize),
    sent_at: isoDateTime('sent_at').optional(),
    api_key: apiKeyField,
  }),
]);

export const trackResponseSchema = z.object({
  accepted: z.int().min(0).meta({ description: 'Valid events, including ones already stored (retries).' }),
  rejected: z.array(z.object({ index: z.int().min(0), error: z.string() })),
});
