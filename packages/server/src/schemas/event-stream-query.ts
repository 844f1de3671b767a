import { z } from 'zod';
import { eventPageQuerySchema } from './documents/common.js';
import { MAX_QUERY_FILTERS, propertyFilterSchema } from './event-query-filters.js';
import { LIMITS } from './limits.js';

/** Event names one stream request may name. */
export const MAX_STREAM_EVENTS = 20;

const eventName = z
  .string({ error: 'event must be a string' })
  .min(1, 'event must not be empty')
  .max(LIMITS.maxEventNameLength, `event is longer than ${LIMITS.maxEventNameLength} characters`);

const id = (field: string) =>
  z
    .string({ error: `${field} must be a string` })
    .min(1, `${field} must not be empty`)
    .max(LIMITS.maxIdLength, `${field} is longer than ${LIMITS.maxIdLength} characters`)
    .optional();

/** `filters` travels in the query string as the JSON text of the array the event query takes. */
const filtersParam = z
  .string({ error: 'filters must be the JSON text of an array of filters' })
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'filters must be the JSON text of an array of filters' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(propertyFilterSchema, { error: 'filters must be the JSON text of an array of filters' })
      .max(MAX_QUERY_FILTERS, `filters holds more than ${MAX_QUERY_FILTERS} filters`),
  );

/** `since`: an ISO 8601 time with its offset (`2026-11-25T09:00:00Z`) or a UTC date (`2026-11-25`). */
const sinceParam = z
  .string({ error: 'since must be a string' })
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/, 'since must be a YYYY-MM-DD date or an ISO 8601 time with an offset')
  .transform((text, ctx) => {
    const time = Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text);
    const day = text.slice(0, 10);
    // Date.parse rolls 2026-02-30 over into March: the date must survive the round trip.
    if (Number.isNaN(time) || new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day) {
      ctx.addIssue({ code: 'custom', message: 'since is not a real date' });
      return z.NEVER;
    }
    return time;
  });

/**
 * `GET /v1/projects/:projectId/events`: the raw event stream, newest first, for debugging an
 * installation. Every condition given must hold.
 */
export const eventStreamQuerySchema = z.object({
  event: z
    .union([eventName.transform((name) => [name]), z.array(eventName).max(MAX_STREAM_EVENTS)], {
      error: `event must be an event name of 1–${LIMITS.maxEventNameLength} characters, given at most ${MAX_STREAM_EVENTS} times`,
    })
    .optional()
    .meta({ description: 'Only events of this name; repeat the parameter for several names.' }),
  user_id: id('user_id').meta({ description: "Only this user's events and the anonymous events of its linked devices." }),
  device_id: id('device_id').meta({
    description: 'Only events sent from this device: alone, its anonymous events; with `user_id`, that user’s events from it.',
  }),
  filters: filtersParam.optional().meta({
    description: 'JSON text of an array of property filters, as in the event query (`[{"property":"plan","op":"eq","value":"pro"}]`).',
  }),
  since: sinceParam.optional().meta({ description: 'Only events at or after this time: `YYYY-MM-DD` (UTC midnight) or ISO 8601 with an offset.' }),
  before: eventPageQuerySchema.shape.before,
  limit: eventPageQuerySchema.shape.limit,
});

export type EventStreamQuery = z.infer<typeof eventStreamQuerySchema>;
