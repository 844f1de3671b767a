import { z } from 'zod';
import { HttpError, NotFoundError } from '../../errors/index.js';
import { requireOwner } from '../../access/project-standing.js';
import { storeNewAccount } from '../../auth/create-account.js';
import type { ConfigStore, MemberRole, MembershipRecord } from '../../ports/index.js';
import { addMemberBodySchema, memberListSchema, memberSchema, memberView, patchMemberBodySchema } from '../../schemas/member.js';
import { pathIdParam, projectIdParam } from '../../schemas/path-params.js';
import type { ServerContext } from '../server-context.js';
import { defineRoute } from './route-definition.js';
import type { RouteDefinition } from './route-definition.js';

const LAST_OWNER = 'A project needs at least one owner: make another member owner first';

/** `:projectId` and the member's `:accountId`; an id that cannot exist is 404. */
const memberPathSchema = z.object({ projectId: projectIdParam, accountId: pathIdParam(() => 'Member not found') });

async function ownerCount(config: ConfigStore, projectId: number): Promise<number> {
  return (await config.listProjectMembers(projectId)).filter((member) => member.role === 'owner').length;
}

/**
 * Members of a project (admin scope). Only an owner may grant the owner role or demote or remove an
 * owner, and the last owner stays (409).
 */
export function memberRoutes(ctx: ServerContext): RouteDefinition[] {
  const { config } = ctx;
  const member = { tag: 'Members', limit: 'api', access: { kind: 'project', scope: 'admin' } } as const;

  const view = async (membership: MembershipRecord) => {
    const account = await config.getAccount(membership.account_id);
    return account && memberView(membership, account);
  };
  const loadMembership = async (accountId: number, projectId: number): Promise<MembershipRecord> => {
    const membership = await config.getMembership(accountId, projectId);
    if (!membership) throw new NotFoundError('Member not found');
    return membership;
  };

  return [
    defineRoute({
      ...member,
      method: 'get',
      path: '/v1/projects/:projectId/members',
      summary: 'Members of the project with their roles',
      responses: { 200: { description: 'Every member, by account id', schema: memberListSchema } },
      handler: async ({ projectId }, _req, res) => {
        const memberships = await config.listProjectMembers(projectId);
        const items = await Promise.all(memberships.map(view));
        res.json({ items: items.filter((item) => item !== undefined) });
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
      handler: async ({ projectId, access, body: input }, _req, res) => {
        if (input.role === 'owner') requireOwner(access, 'grant the owner role');
        const account =
          input.password === undefined
            ? await config.findAccountByEmail(input.email)
            : await storeNewAccount(config, { email: input.email, password: input.password, name: input.name }, ctx.options.passwordHashCost);
        if (!account) throw new NotFoundError('No account has this email; give a password to create it');
        const membership = await config.addMembership({ account_id: account.id, project_id: projectId, role: input.role });
        res.status(201).json(memberView(membership, account));
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
        const current = await loadMembership(params.accountId, projectId);
        const next: MemberRole = role;
        if (current.role !== next && (current.role === 'owner' || next === 'owner')) requireOwner(access, current.role === 'owner' ? 'demote an owner' : 'grant the owner role');
        if (current.role === 'owner' && next !== 'owner' && (await ownerCount(config, projectId)) <= 1) throw new HttpError(409, LAST_OWNER);
        const updated = await config.setMembershipRole(current.account_id, projectId, next);
        const shown = updated && (await view(updated));
        if (!shown) throw new NotFoundError('Member not found');
        res.json(shown);
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
        const current = await loadMembership(params.accountId, projectId);
        if (current.role === 'owner') {
          requireOwner(access, 'remove an owner');
          if ((await ownerCount(config, projectId)) <= 1) throw new HttpError(409, LAST_OWNER);
        }
        if (!(await config.removeMembership(current.account_id, projectId))) throw new NotFoundError('Member not found');
        res.status(204).end();
      },
    }),
  ];
}
