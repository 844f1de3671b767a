import { createHash } from 'node:crypto';
import type { RateLimitClass } from './rate-limit-class.js';

/**
 * Who a request is counted against. `project`: the project the request was authorized for (its plan
 * sets the number). `other`: an account, a client IP or an embed token, with a number of its own.
 */
export type LimitSubject = { kind: 'project'; projectId: number; key: string } | { kind: 'other'; key: string };

/** What the subject is chosen from, read after authentication and authorization. */
export interface LimitRequest {
  /** The client IP (behind a proxy, as the host app's `trust proxy` makes it). */
  ip: string;
  /** The embed token of the path, if any. */
  token?: unknown;
  /** The authorized project, if any. */
  projectId?: number;
  /** The signed-in account, when the caller is one (not a key). */
  accountId?: number;
}

/** Tokens are long and secret: the counter is keyed by a digest, never the token. */
function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex').slice(0, 32);
}

/**
 * The subject of a request of `limitClass`:
 * - `login`: the client IP;
 * - `embed`: the token of the path, else the client IP;
 * - every other class: the project, else the signed-in account (routes that name no project), else
 *   the client IP.
 */
export function limitSubject(limitClass: RateLimitClass, request: LimitRequest): LimitSubject {
  const { ip, token, projectId, accountId } = request;
  if (limitClass === 'login') return { kind: 'other', key: `login:ip:${ip}` };
  if (limitClass === 'embed') {
    return { kind: 'other', key: typeof token === 'string' && token !== '' ? `embed:t:${tokenDigest(token)}` : `embed:ip:${ip}` };
  }
  if (projectId !== undefined) return { kind: 'project', projectId, key: `${limitClass}:p${projectId}` };
  if (accountId !== undefined) return { kind: 'other', key: `${limitClass}:a${accountId}` };
  return { kind: 'other', key: `${limitClass}:ip:${ip}` };
}
