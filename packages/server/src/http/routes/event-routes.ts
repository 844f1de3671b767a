import { eventStreamQuerySchema } from '../../schemas/event-stream-query.js';
import { eventListSchema } from '../../services/users/user-schemas.js';
import type { ServerContext } from '../server-context.js';
import { defineRoute } from './route-definition.js';
import type { RouteDefinition } from './route-definition.js';

/** The raw event stream (a person's timeline is `/v1/projects/:projectId/users/:userId/events`). */
export function eventRoutes(ctx: ServerContext): RouteDefinition[] {
  const { events } = ctx.services;
  return [
    defineRoute({
      tag: 'Events',
      limit: 'api',
      access: { kind: 'project', scope: 'read' },
      method: 'get',
      path: '/v1/projects/:projectId/events',
      summary: "The project's events as stored, newest first, filtered (keyset pagination): for debugging an installation",
      query: eventStreamQuerySchema,
      responses: { 200: { description: 'A page of events; pass `next` as `before` for older ones', schema: eventListSchema } },
      handler: async ({ projectId, query }, _req, res) => {
        res.json(await events.list(projectId, query));
      },
    }),
  ];
}
