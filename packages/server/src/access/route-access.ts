import type { SecretKeyScope } from '@northstar/core';

/** The HTTP method of a route, as Express names its registration functions. */
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call a route. The one description of access: the authorization middleware enforces it,
 * the OpenAPI document and docs/access.md are generated from it.
 * - `public`: no credential.
 * - `sdk_key`: a live `pk_` key (the project is the key's). Anything else is 401.
 * - `account`: a signed-in account (access JWT), whatever its projects; secret keys get 403.
 * - `project`: a secret key of that project holding `scope` or a higher one (query < read < write < admin), or the JWT of a member
 *   whose role grants `scope` (see `ROLE_SCOPES`). The project comes from the path's `:projectId`,
 *   or from the body's `project_id` for query routes.
 * - `embed_token`: a signed embed token in the path; nothing else.
 */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'sdk_key' }
  | { kind: 'account' }
  | { kind: 'project'; scope: SecretKeyScope; projectFrom?: 'path' | 'body' }
  | { kind: 'embed_token' };
