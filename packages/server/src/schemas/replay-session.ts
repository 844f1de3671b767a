import { z } from 'zod';
import { eventPageQuerySchema, pageSchema } from './documents/common.js';
import { LIMITS } from './limits.js';
import { rrwebEventSchema } from './replay-chunk.js';

/** Frustration events the browser SDK sends (packages/browser/src/plugins/frustration), counted per session. */
export const FRUSTRATION_EVENTS = ['$rageclick', '$deadclick', '$errorclick', '$erratic_cursor'] as const;
/** Error events counted per session: `$exception`, tracked by an app or an error integration. */
export const ERROR_EVENTS = ['$exception'] as const;
/** Events a session's timeline shows besides frustration and errors. */
export const TIMELINE_EVENTS = ['$pageview', '$click', ...FRUSTRATION_EVENTS, ...ERROR_EVENTS] as const;

/** `:projectId` and `:sessionId` of a replay route; a session id the SDK could not have sent names nothing (404). */
export const replaySessionIdParam = z
  .string()
  .min(1, 'No replay of this session')
  .max(LIMITS.maxIdLength, 'No replay of this session')
  .meta({ description: 'The `session_id` the chunks were sent with.' });

/** `?before=&limit=` of the session listing, newest first. */
export const replaySessionPageQuerySchema = eventPageQuerySchema;

/** `?from_seq=&limit=` of a session's chunks. */
export const replayChunkPageQuerySchema = z.object({
  from_seq: z.coerce
    .number({ error: 'from_seq must be an integer' })
    .int('from_seq must be an integer')
    .min(0, 'from_seq must be at least 0')
    .max(2 ** 31 - 1, 'from_seq is too large')
    .default(0)
    .meta({ description: 'The first `seq` to return; pass the previous page’s `next_seq`.' }),
  limit: z.coerce
    .number({ error: 'limit must be an integer' })
    .int('limit must be an integer')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(20)
    .meta({ description: 'Chunks at most (fewer when their events pass 16 MiB of JSON).' }),
});

const frustrationSchema = z.object({
  total: z.int().min(0),
  rageclick: z.int().min(0),
  deadclick: z.int().min(0),
  errorclick: z.int().min(0),
  erratic_cursor: z.int().min(0),
});

export const replaySessionSchema = z.object({
  session_id: z.string(),
  started_at: z.string().meta({ description: 'ISO 8601 UTC: the first recorded moment.' }),
  ended_at: z.string().meta({ description: 'ISO 8601 UTC: the last recorded moment so far.' }),
  duration_ms: z.int().min(0),
  device_id: z.string().nullable(),
  user_id: z.string().nullable().meta({ description: 'The user the session was recorded for, once identified.' }),
  chunks: z.int().min(0),
  bytes: z.int().min(0).meta({ description: 'Stored size (gzip) of the chunks.' }),
  pages: z.object({
    count: z.int().min(0),
    urls: z.array(z.string()).meta({ description: 'Pages in the order the session entered them (rrweb Meta events), a URL repeated back to back once.' }),
  }),
  frustration: frustrationSchema.meta({
    description: 'Frustration events tracked in the session (`$rageclick`, `$deadclick`, `$errorclick`, `$erratic_cursor`).',
  }),
  errors: z.int().min(0).meta({ description: '`$exception` events tracked in the session.' }),
});

export type ShownReplaySession = z.infer<typeof replaySessionSchema>;

export const replaySessionListSchema = pageSchema(replaySessionSchema, z.string().meta({ description: 'Opaque cursor: pass as `before`.' }));

export const timelineEntrySchema = z.object({
  uuid: z.string(),
  event: z.string(),
  kind: z.enum(['pageview', 'click', 'frustration', 'error']),
  timestamp: z.string().meta({ description: 'ISO 8601 UTC' }),
  offset_ms: z.int().meta({ description: 'Milliseconds after the session’s start (negative when tracked just before the recording began).' }),
  label: z.string().nullable().meta({ description: 'The page URL of a page view, the element text of a click, an error message.' }),
});

export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const replaySessionDetailSchema = z.object({
  session: replaySessionSchema,
  timeline: z.array(timelineEntrySchema).meta({ description: 'Up to 1,000 events tracked in the session, oldest first.' }),
});

export const replayChunkPageSchema = z.object({
  chunks: z.array(
    z.object({
      seq: z.int().min(0),
      timestamp: z.string().meta({ description: 'ISO 8601 UTC' }),
      events: z.array(rrwebEventSchema).meta({ description: 'The rrweb events of the chunk, decompressed, as recorded.' }),
    }),
  ),
  next_seq: z.int().min(0).nullable().meta({ description: 'Pass as `from_seq` for the following chunks; null when this page reached the last one.' }),
});
