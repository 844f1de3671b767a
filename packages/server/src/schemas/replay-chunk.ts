import { z } from 'zod';
import { LIMITS } from './limits.js';
import { isoDateTime } from './timestamp.js';

/** Caps of `POST /v1/replay/chunks`; the wire size is also capped by the router's `maxBodyBytes`. */
export const REPLAY_LIMITS = {
  /** Bytes of the body after gzip decompression; more is 413 (a gzip bomb stops here). */
  maxDecodedBytes: 8 * 1_048_576,
  /** Chunks in one `{ chunks }` body. */
  maxChunksPerBody: 50,
  /** rrweb events in one chunk. */
  maxEventsPerChunk: 10_000,
  /** Largest `seq`. */
  maxSeq: 2 ** 31 - 1,
} as const;

const id = (field: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .min(1, `${field} must not be empty`)
    .max(LIMITS.maxIdLength, `${field} must be at most ${LIMITS.maxIdLength} characters`);

/** An rrweb event: `type` and `timestamp` (epoch ms) are checked, the rest is kept as sent. */
export const rrwebEventSchema = z.looseObject(
  {
    type: z.number({ error: 'events[].type must be a number' }),
    timestamp: z.number({ error: 'events[].timestamp must be a number (epoch ms)' }),
  },
  { error: 'events[] must be rrweb event objects' },
);

/** One chunk of a recorded session. `(session_id, seq)` is its idempotency key within the project. */
export const replayChunkSchema = z
  .object({
    session_id: id('session_id'),
    seq: z.int({ error: 'seq must be an integer' }).min(0, 'seq must be at least 0').max(REPLAY_LIMITS.maxSeq, `seq must be at most ${REPLAY_LIMITS.maxSeq}`),
    timestamp: isoDateTime('timestamp').optional().meta({ description: 'First recorded moment; the earliest events[].timestamp when absent.' }),
    device_id: id('device_id').nullish(),
    user_id: id('user_id').nullish(),
    events: z
      .array(rrwebEventSchema, { error: 'events must be an array of rrweb events' })
      .min(1, 'events must hold at least one event')
      .max(REPLAY_LIMITS.maxEventsPerChunk, `events holds more than ${REPLAY_LIMITS.maxEventsPerChunk} events`),
  })
  .refine((chunk) => Boolean(chunk.device_id) || Boolean(chunk.user_id), { message: 'device_id or user_id is required' });

export type ParsedReplayChunk = z.infer<typeof replayChunkSchema>;

/** Several chunks in one body. */
export const replayChunkListSchema = z.object({
  chunks: z
    .array(replayChunkSchema, { error: 'chunks must be an array' })
    .min(1, 'chunks must hold at least one chunk')
    .max(REPLAY_LIMITS.maxChunksPerBody, `chunks holds more than ${REPLAY_LIMITS.maxChunksPerBody} chunks`),
});

/**
 * Body of `POST /v1/replay/chunks` (JSON, optionally gzip-compressed): one chunk or `{ chunks: [...] }`.
 * Documentation only: an object with `chunks` is validated by `replayChunkListSchema`, any other body
 * by `replayChunkSchema`, so that errors name the field at fault.
 */
export const replayBodySchema = z.union([replayChunkSchema, replayChunkListSchema]);

/**
 * What `POST /v1/replay/chunks` validates its decoded body with: the chunks of an object with `chunks`
 * by `replayChunkListSchema`, any other body as one chunk by `replayChunkSchema` (their issues as they
 * are, so that errors name the field at fault).
 */
export const replayInputSchema = z.unknown().transform((body, ctx): ParsedReplayChunk[] => {
  const isList = typeof body === 'object' && body !== null && 'chunks' in body;
  const parsed = isList ? replayChunkListSchema.safeParse(body) : replayChunkSchema.safeParse(body);
  if (parsed.success) return 'chunks' in parsed.data ? parsed.data.chunks : [parsed.data];
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  return z.NEVER;
});

export const replayResponseSchema = z.object({
  stored: z.int().min(0).meta({ description: 'Chunks stored by this request.' }),
  duplicates: z.int().min(0).meta({ description: 'Chunks whose (session_id, seq) was already stored; the first copy is kept.' }),
});

export type ReplayResponse = z.infer<typeof replayResponseSchema>;
