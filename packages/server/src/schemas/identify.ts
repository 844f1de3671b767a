import { z } from 'zod';
import { isUuid } from '@northstar/core';
import { NO_CONTROL_CHARACTERS, isWellFormed } from './text-rules.js';
import { LIMITS } from './limits.js';
import { isoDateTime } from './timestamp.js';

/** Empty, blank, "undefined" and "null" (any case) are template bugs, not people (the SDK drops them too). */
export function isPersonId(value: string): boolean {
  return value.trim() !== '' && !/^(undefined|null)$/i.test(value.trim());
}

function personId(field: string) {
  return (
    z
      .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
      .min(1, `${field} must not be empty`)
      .max(LIMITS.maxIdLength, `${field} must be at most ${LIMITS.maxIdLength} characters`)
      // The rules of /v1/track's ids, so that a device and a user link as the same strings they track under.
      .regex(NO_CONTROL_CHARACTERS, `${field} must not contain control characters`)
      .refine(isWellFormed, `${field} must not contain lone surrogates`)
      .refine(isPersonId, `${field} must not be blank, "undefined" or "null"`)
  );
}

const propertyValue = z.union(
  [
    z.string().max(LIMITS.maxStringValueLength, `user_properties values must be at most ${LIMITS.maxStringValueLength} characters`),
    z.number(),
    z.boolean(),
    z.null(),
  ],
  { error: 'user_properties values must be strings, finite numbers, booleans or null' },
);

/** User properties as merged into the user's: a `null` value deletes the key. */
export const userPropertiesSchema = z
  .record(
    z
      .string()
      .min(1, 'user_properties keys must not be empty')
      .max(LIMITS.maxPropertyKeyLength, `user_properties keys must be at most ${LIMITS.maxPropertyKeyLength} characters`),
    propertyValue,
    { error: 'user_properties must be an object' },
  )
  .refine((record) => Object.keys(record).length <= LIMITS.maxProperties, `user_properties holds more than ${LIMITS.maxProperties} keys`);

/**
 * Body of `POST /v1/identify`: what the browser SDK sends (`{ device_id, user_id, user_properties? }`),
 * plus optional fields for the `$identify` event it records. Unknown fields are dropped.
 */
export const identifyBodySchema = z.object({
  device_id: personId('device_id'),
  user_id: personId('user_id'),
  user_properties: userPropertiesSchema.optional().meta({ description: "Merged into the user's properties; null deletes a key." }),
  session_id: z.string({ error: 'session_id must be a string' }).min(1).max(LIMITS.maxIdLength).nullish(),
  uuid: z
    .string({ error: 'uuid must be a string' })
    .refine(isUuid, 'uuid must be a UUID')
    .optional()
    .meta({ description: 'Idempotency key of the $identify event; a UUIDv7 is assigned when absent.' }),
  timestamp: isoDateTime('timestamp').optional().meta({ description: 'Time of the $identify event; receive time when absent.' }),
  api_key: z.string().optional().meta({ description: 'SDK key for sendBeacon, which cannot set headers.' }),
});

export type IdentifyBody = z.infer<typeof identifyBodySchema>;

export const identifyResponseSchema = z.object({
  device_id: z.string(),
  user_id: z.string(),
  linked: z.enum(['created', 'unchanged']).meta({ description: '`created`: this request linked the device; `unchanged`: it already was (a retry).' }),
  event_uuid: z.string().meta({ description: 'uuid of the $identify event stored.' }),
});

export type IdentifyResponse = z.infer<typeof identifyResponseSchema>;
