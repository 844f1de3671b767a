import { z } from 'zod';
import { eventPageQuerySchema, pageQuerySchema, pageSchema } from '../../schemas/documents/common.js';
import { LIMITS } from '../../schemas/limits.js';

const userId = z.string().meta({ description: 'As sent by the SDK (`user_id`, `identify`).' });
const propertiesSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));

/** `?after=<user id>&limit=`: users in code-point order of their id. */
export const userPageQuerySchema = z.object({
  after: z
    .string({ error: 'after must be a string' })
    .min(1, 'after must not be empty')
    .max(LIMITS.maxIdLength, `after must be at most ${LIMITS.maxIdLength} characters`)
    .optional()
    .meta({ description: 'The `next` of the previous page (a user id); absent for the first page.' }),
  limit: pageQuerySchema.shape.limit,
});

export { eventPageQuerySchema };

export const userListSchema = pageSchema(z.object({ user_id: userId, properties: propertiesSchema }), z.string());

export const userSchema = z.object({
  user_id: userId,
  properties: propertiesSchema,
  last_seen: z.string().nullable().meta({ description: 'Time of the newest event of the user or its linked devices (ISO 8601 UTC).' }),
});

export const eventSchema = z.object({
  uuid: z.string(),
  event_name: z.string(),
  user_id: z.string().nullable(),
  device_id: z.string().nullable(),
  session_id: z.string().nullable(),
  timestamp: z.string().meta({ description: 'ISO 8601 UTC' }),
  str_properties: z.record(z.string(), z.string()),
  num_properties: z.record(z.string(), z.number()),
});

export const eventListSchema = pageSchema(eventSchema, z.string().meta({ description: 'Opaque cursor: pass as `before`.' }));

export const userDeletionSchema = z.object({
  user_id: userId,
  deleted: z.looseObject({ events: z.int().min(0).meta({ description: "Events deleted: the user's own and those of its linked devices." }) }),
});
