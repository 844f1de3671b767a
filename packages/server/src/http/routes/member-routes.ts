import { z } from 'zod';
import { addMemberBodySchema, memberListSchema, memberSchema, patchMemberBodySchema } from '../../schemas/member.js';
import { pathIdParam, projectIdParam } from '../../schemas/path-params.js';
import type { ServerContext } from '../server-context.js';
import { defineRoute } from './route-definition.js';
import type { RouteDefinition } from './route-definition.js';

/** `:projectId` and the member's `:accountId`; an id that cannot exist is 404. */
const memberPathSchema = z.object({ projectId: projectIdParam, accountId: pathIdParam(() => 'Member not found') });

/**
 * Members of a project (admin scope). Only an owner may grant the owner role or demote or remove an
 * owner, and the last owner stays (409).
 */
export function memberRoutes(ctx: ServerContext): RouteDefinition[] {
  const { members } = ctx.services;
  const member = { tag: 'Members', limit: 'api', access: { kind: 'project', scope: 'admin' } } as const;

  return [
    defineRoute({
      ...member,
      method: 'get',
      path: '/v1/projects/:projectId/members',
      summary: 'Members of the project with their roles',
      responses: { 200: { description: 'Every member, by account id', schema: memberListSchema } },
      handler: async ({ projectId }, _req, res) => {
        res.json(await members.list(projectId));
      },
    }),
    defineRoute({
      ...member,
      method: 'post',
      path: '/v1/projects/:projectId/members',
      summary: 'Add an account by email (with a password: create the account first)',
      body: { schema: addMemberBodySchema },
      responses: { 201: { description: 'The new member', schema: memberSchema } },
      errors: [404, 409],
      handler: async ({ projectId, access, body }, _req, res) => {
        const added = await members.add(projectId, access, body);
        res.status(201).json(added);
      },
    }),
    defineRoute({
      ...member,
      method: 'patch',
      path: '/v1/projects/:projectId/members/:accountId',
      summary: "Change a member's role",
      body: { schema: patchMemberBodySchema },
      responses: { 200: { description: 'The member with the new role', schema: memberSchema } },
      params: memberPathSchema,
      // The body's 400 has always come before the 404 of an account id that cannot exist.
      paramsAfterBody: true,
      errors: [404, 409],
      handler: async ({ projectId, access, params, body: { role } }, _req, res) => {
        res.json(await members.setRole(projectId, access, params.accountId, role));
      },
    }),
    defineRoute({
      ...member,
      method: 'delete',
      path: '/v1/projects/:projectId/members/:accountId',
      summary: 'Remove a member from the project (the account stays)',
      responses: { 204: { description: 'Removed' } },
      params: memberPathSchema,
      errors: [404, 409],
      handler: async ({ projectId, access, params }, _req, res) => {
        await members.remove(projectId, access, params.accountId);
        res.status(204).end();
      },
    }),
  ];
}
