import type { Request } from 'express';
import type { SecretKeyScope } from '@northstar/core';
import { BadRequestError, ForbiddenError } from '../errors/index.js';
import { keyHasScope } from '../keys/scopes.js';
import type { ConfigStore } from '../ports/index.js';
import type { Principal, ProjectAccess } from './principal.js';
import { roleHasScope } from './roles.js';

const MAX_ID = 2 ** 31 - 1;

function positiveId(value: unknown): number | undefined {
  const id = typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 && id <= MAX_ID ? id : undefined;
}

/** The project a `project` route addresses: `:projectId` of the path, or `project_id` of the body. */
export function requestedProjectId(req: Request, from: 'path' | 'body'): number {
  if (from === 'path') {
    const id = positiveId(req.params.projectId);
    // A malformed id names no project the caller can access: the same answer as a foreign project.
    if (id === undefined) throw new ForbiddenError('No access to this project');
    return id;
  }
  const body: unknown = req.body;
  const raw = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).project_id : undefined;
  const id = positiveId(raw);
  if (id === undefined) throw new BadRequestError('project_id must be a positive integer');
  return id;
}

/**
 * Checks that the caller may act on `projectId` with `scope`. A project the caller cannot access is 403
 * whether it exists or not, so that ids reveal nothing.
 */
export async function authorizeProject(config: ConfigStore, principal: Principal, projectId: number, scope: SecretKeyScope): Promise<ProjectAccess> {
  if (principal.kind === 'sdk_key') throw new ForbiddenError('SDK keys can only send events; use a secret key');
  if (principal.kind === 'secret_key') {
    if (principal.key.project_id !== projectId) throw new ForbiddenError(`This key has no access to project ${projectId}`);
    if (!keyHasScope(principal.key, scope)) throw new ForbiddenError(`This key lacks the ${scope} scope`);
    return { principal, projectId, role: null };
  }
  const membership = await config.getMembership(principal.accountId, projectId);
  if (!membership) throw new ForbiddenError(`No access to project ${projectId}`);
  if (!roleHasScope(membership.role, scope)) throw new ForbiddenError(`The ${membership.role} role cannot do this (needs ${scope})`);
  return { principal, projectId, role: membership.role };
}
