import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { accessLocals } from '../access/principal.js';
import type { RateLimitClass } from '../http/routes/route-definition.js';

/**
 * Who a request is counted against. `project`: the project the request was authorized for (its plan
 * sets the number). `other`: an account, a client IP or an embed token, with a number of its own.
 */
export type LimitSubject = { kind: 'project'; projectId: number; key: string } | { kind: 'other'; key: string };

function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/** Tokens are long and secret: the counter is keyed by a digest, never the token. */
function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex').slice(0, 32);
}

/**
 * The subject of a request of `limitClass`, read after authentication and authorization:
 * - `login`: the client IP (`req.ip`, so behind a proxy the host app sets Express's `trust proxy`);
 * - `embed`: the token of the path (`:token`), else the client IP;
 * - every other class: the project (`res.locals.projectId`), else the signed-in account (routes that
 *   name no project), else the client IP.
 */
export function limitSubject(limitClass: RateLimitClass, req: Request, locals: Record<string, unknown>): LimitSubject {
  if (limitClass === 'login') return { kind: 'other', key: `login:ip:${clientIp(req)}` };
  if (limitClass === 'embed') {
    const token = req.params.token;
    return { kind: 'other', key: typeof token === 'string' && token !== '' ? `embed:t:${tokenDigest(token)}` : `embed:ip:${clientIp(req)}` };
  }
  const { projectId, principal } = accessLocals(locals);
  if (projectId !== undefined) return { kind: 'project', projectId, key: `${limitClass}:p${projectId}` };
  if (principal?.kind === 'account') return { kind: 'other', key: `${limitClass}:a${principal.accountId}` };
  return { kind: 'other', key: `${limitClass}:ip:${clientIp(req)}` };
}
