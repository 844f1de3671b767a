import type { Request, RequestHandler } from 'express';
import cors from 'cors';
import { ForbiddenError } from '../errors/index.js';
import type { ProjectOrigins } from './project-origins.js';
import { normaliseOrigin } from './project-origins.js';

const ALLOWED_HEADERS = ['Content-Type', 'Content-Encoding', 'X-API-Key', 'Authorization'];
const EXPOSED_HEADERS = ['Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];
const EXPOSED = EXPOSED_HEADERS.join(',');

/** The router-wide CORS rule: `'*'` (any origin) or a list of exact origins. */
export type RouterOrigins = '*' | string[] | undefined;

/**
 * The answer to a CORS preflight. It carries no key, so it follows the router option only; a project's
 * own list is enforced on the request that follows.
 */
export function corsPreflight(corsOrigins: RouterOrigins): RequestHandler {
  return cors({
    origin: corsOrigins === undefined || corsOrigins === '*' ? '*' : corsOrigins,
    methods: ['GET', 'POST', 'OPTIONS'],
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: 86_400,
  });
}

/**
 * CORS headers of an actual request, per the router option. A request without `Origin` is not a
 * cross-origin browser request and gets none: nothing to do, which keeps server-to-server ingestion cheap.
 */
export function corsHeaders(corsOrigins: RouterOrigins): RequestHandler {
  const allowed = corsOrigins === undefined || corsOrigins === '*' ? undefined : new Set(corsOrigins.map(normaliseOrigin));
  return (req, res, next) => {
    const origin = req.headers.origin;
    if (origin === undefined) {
      next();
      return;
    }
    if (allowed === undefined) {
      res.setHeader('Access-Control-Allow-Origin', '*');
    } else {
      res.append('Vary', 'Origin');
      if (allowed.has(normaliseOrigin(origin))) res.setHeader('Access-Control-Allow-Origin', origin);
    }
    res.setHeader('Access-Control-Expose-Headers', EXPOSED);
    next();
  };
}

/** True when `Origin` names the host the request was sent to: the first-party mount, never refused. */
function isSameOrigin(req: Request, origin: string): boolean {
  const host = req.headers.host;
  if (host === undefined) return false;
  const start = origin.indexOf('://');
  return start !== -1 && origin.slice(start + 3).toLowerCase() === host.toLowerCase();
}

/**
 * The project's own allow-list (`settings.cors_origins`), once the key named the project: a browser
 * request from an origin not on it is 403 `{ error }` without `Access-Control-Allow-Origin`; one on it
 * gets its origin echoed. Requests without `Origin`, same-origin requests and projects without a list pass.
 */
export function projectCors(originsOf: ProjectOrigins): RequestHandler {
  return async (req, res, next) => {
    const origin = req.headers.origin;
    const projectId = (res.locals as { projectId?: number }).projectId;
    if (origin === undefined || projectId === undefined || isSameOrigin(req, origin)) {
      next();
      return;
    }
    const origins = await originsOf(projectId);
    if (origins === undefined) {
      next();
      return;
    }
    if (!origins.has(normaliseOrigin(origin))) {
      res.removeHeader('Access-Control-Allow-Origin');
      res.removeHeader('Access-Control-Expose-Headers');
      throw new ForbiddenError(`Origin ${origin} is not allowed to send to this project (settings.cors_origins)`);
    }
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Expose-Headers', EXPOSED);
    if (!String(res.getHeader('Vary') ?? '').includes('Origin')) res.append('Vary', 'Origin');
    next();
  };
}
