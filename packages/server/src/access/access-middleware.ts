import type { RequestHandler } from 'express';
import { ForbiddenError, UnauthorizedError } from '../errors/index.js';
import { authenticateAppRequest, authenticateSdkRequest } from './authenticate-request.js';
import type { AuthenticationDependencies } from '../auth/authentication.js';
import { authorizeProject, requestedProjectId } from './authorize-project.js';
import { accessLocals } from './principal.js';
import type { RouteAccess } from './route-access.js';

/**
 * Authentication of a route: runs before its body is read, except for SDK keys, which may sit in the
 * body (`api_key`, for sendBeacon). Leaves the principal in `res.locals`.
 */
export function authenticateFor(access: RouteAccess, deps: AuthenticationDependencies): RequestHandler | undefined {
  switch (access.kind) {
    case 'public':
      return undefined;
    case 'embed_token':
      // The signature only, before the rate limit (garbage tokens create no counters); the handler reads the token's record.
      return async (req, res, next) => {
        const token = req.params.token;
        const embed = typeof token === 'string' ? await deps.embedTokens.verify(token) : undefined;
        if (!embed) throw new UnauthorizedError('Invalid or expired embed token');
        res.locals.embed = embed;
        next();
      };
    case 'sdk_key':
      return async (req, res, next) => {
        const principal = await authenticateSdkRequest(req, deps);
        Object.assign(res.locals, { principal, projectId: principal.kind === 'sdk_key' ? principal.key.project_id : undefined });
        next();
      };
    case 'account':
      return async (req, res, next) => {
        const principal = await authenticateAppRequest(req, deps);
        if (principal.kind !== 'account') throw new ForbiddenError('This route needs a signed-in account (POST /auth/login), not an API key');
        res.locals.principal = principal;
        next();
      };
    case 'project':
      return async (req, res, next) => {
        res.locals.principal = await authenticateAppRequest(req, deps);
        next();
      };
  }
}

/** Authorization of a `project` route: the project named by the request, checked against the principal. */
export function authorizeFor(access: RouteAccess, deps: AuthenticationDependencies): RequestHandler | undefined {
  if (access.kind !== 'project') return undefined;
  return async (req, res, next) => {
    const locals = accessLocals(res.locals);
    const projectId = requestedProjectId(req, access.projectFrom ?? 'path');
    const granted = await authorizeProject(deps.config, locals.principal, projectId, access.scope);
    Object.assign(res.locals, { projectId, access: granted });
    next();
  };
}
