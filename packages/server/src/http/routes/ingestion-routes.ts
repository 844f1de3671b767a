import { z } from 'zod';
import { trackBodySchema, trackResponseSchema } from '../../schemas/index.js';
import { decideGuidesResponseSchema, decideQuerySchema, decideSurveysResponseSchema } from '../../schemas/decide.js';
import { flagsEvaluateBodySchema, flagsEvaluateResponseSchema } from '../../schemas/flags-evaluate.js';
import { identifyBodySchema, identifyResponseSchema } from '../../schemas/identify.js';
import { REPLAY_LIMITS, replayBodySchema, replayInputSchema, replayResponseSchema } from '../../schemas/replay-chunk.js';
import { decideGuidesHandler, decideSurveysHandler } from '../decide-route.js';
import { flagsEvaluateHandler } from '../flags-route.js';
import { identifyHandler } from '../identify-route.js';
import { readReplayBody, replayHandler } from '../replay-route.js';
import type { ServerContext } from '../server-context.js';
import { trackHandler } from '../track-route.js';
import { defineRoute } from './route-definition.js';
import type { RouteDefinition } from './route-definition.js';

/** The collection endpoint: routes called by SDKs with a `pk_` key, from browsers (CORS) and servers. */
export function ingestionRoutes(ctx: ServerContext): RouteDefinition[] {
  const { tracking, identify, replay, decide, flags } = ctx.services;
  const sdk = { tag: 'Ingestion', access: { kind: 'sdk_key' }, cors: true } as const;
  const replayLimits = { maxBodyBytes: ctx.maxBodyBytes, maxDecodedBytes: REPLAY_LIMITS.maxDecodedBytes };
  return [
    defineRoute({
      method: 'post',
      path: '/v1/track',
      summary: 'Ingest one event or a batch',
      tag: 'Ingestion',
      access: { kind: 'sdk_key' },
      limit: 'track',
      cors: true,
      // The fast path validates the events itself, one by one (held to `trackedEventSchema` by a test).
      body: { schema: trackBodySchema, input: z.unknown(), contentTypes: ['application/json', 'text/plain'] },
      responses: { 200: { description: 'Valid events stored; invalid ones reported by index', schema: trackResponseSchema } },
      handler: trackHandler(tracking),
    }),
    defineRoute({
      ...sdk,
      method: 'post',
      path: '/v1/identify',
      summary: 'Link a device to a user, merge user properties and record $identify',
      limit: 'ingest',
      body: { schema: identifyBodySchema, contentTypes: ['application/json', 'text/plain'] },
      responses: { 200: { description: 'Linked (or already linked to this user); $identify stored', schema: identifyResponseSchema } },
      errors: [409],
      handler: identifyHandler(identify),
    }),
    defineRoute({
      ...sdk,
      method: 'post',
      path: '/v1/replay/chunks',
      summary: 'Store session-replay chunks (JSON, optionally Content-Encoding: gzip)',
      limit: 'ingest',
      body: {
        schema: replayBodySchema,
        input: replayInputSchema,
        read: 'raw',
        decode: (req) => readReplayBody(req, replayLimits),
        contentTypes: ['application/json'],
      },
      responses: { 200: { description: 'Chunks stored; a repeated (session_id, seq) keeps its first copy', schema: replayResponseSchema } },
      handler: replayHandler(replay),
    }),
    defineRoute({
      ...sdk,
      method: 'get',
      path: '/v1/decide/guides',
      summary: 'Guides to render for a person on a page',
      limit: 'decide',
      query: decideQuerySchema,
      responses: { 200: { description: 'Active, targeted guides the person has not closed, in id order', schema: decideGuidesResponseSchema } },
      handler: decideGuidesHandler(decide),
    }),
    defineRoute({
      ...sdk,
      method: 'get',
      path: '/v1/decide/surveys',
      summary: 'Surveys to render for a person on a page',
      limit: 'decide',
      query: decideQuerySchema,
      responses: {
        200: { description: 'Active, targeted surveys the person has not answered or dismissed, in id order', schema: decideSurveysResponseSchema },
      },
      handler: decideSurveysHandler(decide),
    }),
    defineRoute({
      ...sdk,
      method: 'post',
      path: '/v1/flags/evaluate',
      summary: 'Evaluate feature flags for a person',
      limit: 'decide',
      body: { schema: flagsEvaluateBodySchema, contentTypes: ['application/json', 'text/plain'] },
      responses: { 200: { description: 'The value of each flag: a variant key, true, or false', schema: flagsEvaluateResponseSchema } },
      handler: flagsEvaluateHandler(flags),
    }),
  ];
}
