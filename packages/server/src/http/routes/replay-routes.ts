import { z } from 'zod';
import { projectIdParam } from '../../schemas/path-params.js';
import {
  replayChunkPageQuerySchema,
  replayChunkPageSchema,
  replaySessionDetailSchema,
  replaySessionIdParam,
  replaySessionListSchema,
  replaySessionPageQuerySchema,
} from '../../schemas/replay-session.js';
import { sendJsonCompressed } from '../compressed-json.js';
import type { ServerContext } from '../server-context.js';
import { defineRoute } from './route-definition.js';
import type { RouteDefinition } from './route-definition.js';

const sessionPath = '/v1/projects/:projectId/replays/:sessionId';
const sessionPathSchema = z.object({ projectId: projectIdParam, sessionId: replaySessionIdParam });

/** Recorded sessions: the listing, one session with its timeline, its chunks for a player (docs/replay-server.md). */
export function replayRoutes(ctx: ServerContext): RouteDefinition[] {
  const { replay } = ctx.services;
  const read = { tag: 'Replay', limit: 'api', access: { kind: 'project', scope: 'read' } } as const;
  return [
    defineRoute({
      ...read,
      method: 'get',
      path: '/v1/projects/:projectId/replays',
      summary: 'Recorded sessions, newest first (keyset pagination), with duration, pages, user and frustration counts',
      query: replaySessionPageQuerySchema,
      responses: { 200: { description: 'A page of sessions; pass `next` as `before` for older ones', schema: replaySessionListSchema } },
      handler: async ({ projectId, query }, _req, res) => {
        res.json(await replay.list(projectId, query));
      },
    }),
    defineRoute({
      ...read,
      method: 'get',
      path: sessionPath,
      summary: 'One recorded session and the timeline of its page views, clicks, frustration and errors',
      params: sessionPathSchema,
      errors: [404],
      responses: { 200: { description: 'The session', schema: replaySessionDetailSchema } },
      handler: async ({ projectId, params }, _req, res) => {
        res.json(await replay.get(projectId, params.sessionId));
      },
    }),
    defineRoute({
      ...read,
      method: 'get',
      path: `${sessionPath}/chunks`,
      summary: "A session's rrweb events, decompressed, chunk by chunk in seq order (paged by seq)",
      params: sessionPathSchema,
      query: replayChunkPageQuerySchema,
      errors: [404],
      responses: { 200: { description: 'Chunks from `from_seq`; gzip-compressed on the wire when the client accepts it', schema: replayChunkPageSchema } },
      handler: async ({ projectId, params, query }, req, res) => {
        await sendJsonCompressed(req, res, await replay.chunks(projectId, params.sessionId, query));
      },
    }),
  ];
}
