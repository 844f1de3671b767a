import type { EmbedClaims } from '../auth/embed-token.js';
import type { ApiKeyRecord, MemberRole } from '../ports/index.js';

/** The authenticated caller of a request. */
export type Principal = { kind: 'sdk_key'; key: ApiKeyRecord } | { kind: 'secret_key'; key: ApiKeyRecord } | { kind: 'account'; accountId: number };

/** The caller after authorization of a `project` route: the project and the caller's standing in it. */
export interface ProjectAccess {
  principal: Principal;
  projectId: number;
  /** The member's role when the caller is an account; null for a secret key. */
  role: MemberRole | null;
}

/** What the authorization middleware leaves in `res.locals` for handlers. */
export interface AccessLocals {
  principal: Principal;
  /** Set for `project` and `sdk_key` routes (an SDK key's project). */
  projectId?: number;
  /** Set for `project` routes. */
  access?: ProjectAccess;
  /** Set for `embed_token` routes: the verified claims of the path's token. */
  embed?: EmbedClaims;
}

/** The `res.locals` of an authorized request, typed. */
export function accessLocals(locals: Record<string, unknown>): AccessLocals {
  return locals as unknown as AccessLocals;
}
