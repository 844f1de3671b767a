import { z } from 'zod';
import { DOCUMENT_LIMITS } from './documents/document-limits.js';
import { isPersonId, userPropertiesSchema } from './identify.js';
import { LIMITS } from './limits.js';

/** Most flag keys in one evaluation. */
export const MAX_EVALUATED_KEYS = 100;

const flagKey = (field: string) =>
  z
    .string({ error: `${field} must be a string` })
    .min(1, `${field} must not be empty`)
    .max(DOCUMENT_LIMITS.maxFlagKeyLength, `${field} must be at most ${DOCUMENT_LIMITS.maxFlagKeyLength} characters`);

const personId = (field: string) =>
  z
    .string({ error: `${field} must be a string` })
    .min(1, `${field} must not be empty`)
    .max(LIMITS.maxIdLength, `${field} must be at most ${LIMITS.maxIdLength} characters`)
    .refine(isPersonId, `${field} must not be blank, "undefined" or "null"`)
    .nullish();

/** Body of `POST /v1/flags/evaluate`: `key` and/or `keys` (neither: every active flag) for one person. */
export const flagsEvaluateBodySchema = z
  .object({
    key: flagKey('key').optional(),
    keys: z
      .array(flagKey('keys[]'), { error: 'keys must be an array of flag keys' })
      .max(MAX_EVALUATED_KEYS, `keys holds more than ${MAX_EVALUATED_KEYS} keys`)
      .optional(),
    user_id: personId('user_id').meta({ description: 'Bucketed by this when given; its stored user properties are used for targeting.' }),
    device_id: personId('device_id').meta({ description: 'Bucketed by this when there is no user_id.' }),
    user_properties: userPropertiesSchema
      .optional()
      .meta({ description: 'Merged over the stored user properties for this evaluation only (not stored); null removes one.' }),
    api_key: z.string().optional().meta({ description: 'SDK key for clients that cannot set headers.' }),
  })
  .refine((body) => Boolean(body.user_id) || Boolean(body.device_id), { message: 'user_id or device_id is required' })
  .meta({
    examples: [
      { device_id: '0b9f3c1e-7d2a-4c8e-9f41-2a6d5e8b7c10' },
      { user_id: 'user-42', device_id: '0b9f3c1e-7d2a-4c8e-9f41-2a6d5e8b7c10', user_properties: { plan: 'pro' }, keys: ['new-checkout', 'pro-beta'] },
    ],
  });

export type FlagsEvaluateBody = z.infer<typeof flagsEvaluateBodySchema>;

export const flagsEvaluateResponseSchema = z
  .object({
    flags: z
      .record(z.string(), z.union([z.string(), z.boolean()]))
      .meta({ description: 'Per key: the variant key of a multivariate flag, true for an enabled boolean flag, false when off, inactive or unknown.' }),
  })
  .meta({ examples: [{ flags: { 'new-checkout': 'test', 'pro-beta': true, dormant: false } }] });

export type FlagsEvaluateResponse = z.infer<typeof flagsEvaluateResponseSchema>;
