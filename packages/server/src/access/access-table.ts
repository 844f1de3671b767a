import { SECRET_KEY_SCOPES } from '@northstar/core';
import type { MemberRole } from '../ports/index.js';
import type { RateLimitClass } from '../limits/rate-limit-class.js';
import type { HttpMethod, RouteAccess } from './route-access.js';
import { ROLE_SCOPES, roleHasScope } from './roles.js';

const ROLES = Object.keys(ROLE_SCOPES) as MemberRole[];

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function credential(access: RouteAccess): string {
  switch (access.kind) {
    case 'public':
      return 'none';
    case 'sdk_key':
      return '`pk_` key';
    case 'account':
      return 'JWT of any account';
    case 'project':
      return access.projectFrom === 'body' ? 'JWT or `sk_` key (project: body `project_id`)' : 'JWT or `sk_` key';
    case 'embed_token':
      return 'embed token in the path';
  }
}

function scope(access: RouteAccess): string {
  return access.kind === 'project' ? `\`${access.scope}\`` : '—';
}

function roles(access: RouteAccess): string {
  if (access.kind === 'account') return 'any (no membership needed)';
  if (access.kind !== 'project') return '—';
  return ROLES.filter((role) => roleHasScope(role, access.scope)).join(', ');
}

/**
 * What the table shows of a route: a `RouteDefinition` without its handler, spelled out so that the
 * public type of `accessTable` names no Express type.
 */
export interface AccessTableRoute {
  method: HttpMethod;
  path: string;
  access: RouteAccess;
  limit?: RateLimitClass;
  summary: string;
}

function routeRow(route: AccessTableRoute): string {
  const cells = [
    route.method.toUpperCase(),
    `\`${route.path}\``,
    credential(route.access),
    scope(route.access),
    roles(route.access),
    route.limit ? `\`${route.limit}\`` : '—',
    route.summary,
  ];
  return `| ${cells.map(cell).join(' | ')} |`;
}

const HEADER = `# Access to every route

<!-- Generated from allRoutes by packages/server/src/access/access-table.ts: do not edit by hand.
     Regenerate: UPDATE_DOCS=1 npx vitest run --project unit packages/server/test/access-matrix.test.ts -->

Who may call each route of the router. This page is generated from the routes' own access rules, the
same declarations that the authorization middleware enforces and that \`/v1/openapi.json\` describes;
\`packages/server/test/access-matrix.test.ts\` calls every route with every kind of credential and
fails when the server answers otherwise, or when this page is out of date. Paths are relative to where
the router is mounted. Sign-in, tokens and roles are explained in [auth.md](auth.md).

## Credentials

- **none**: public; credentials sent anyway are ignored. \`/auth/login\` checks the password and
  \`/auth/refresh\` the refresh-token cookie themselves (401 when wrong).
- **\`pk_\` key**: \`X-API-Key: pk_...\`, \`Authorization: Bearer pk_...\`, or the body's \`api_key\`
  (\`/v1/track\`, for sendBeacon). The project is the key's. Anything else, a secret key included, is 401.
  A revoked \`pk_\` key is 401 too, but not at once: ingestion trusts a key that authenticated for
  \`sdkKeyCacheMs\` (router option, default 10 s), so a revoked \`pk_\` may still be accepted for up to
  10 s (\`sdkKeyCacheMs: 0\` makes revocation immediate). Secret keys and JWTs are not cached.
- **JWT**: \`Authorization: Bearer <access token>\` from \`POST /auth/login\`. On project routes the
  account must be a member whose role grants the scope.
- **\`sk_\` key**: \`Authorization: Bearer sk_...\` of the same project, holding the scope or a higher
  one: scopes are ordered \`query\` < \`read\` < \`write\` < \`admin\`, each implying those below it (spec 4:
  the query routes take "query scope or higher"). Application routes read secret keys and JWTs from
  \`Authorization: Bearer\` only: an \`sk_\` key (or a token) in \`X-API-Key\` is 401.
- **embed token**: the signed token in the path; nothing else is read.

Answers: no credential, a malformed, unknown, revoked or expired one, or a secret key in \`X-API-Key\` → **401**. A valid credential of
the wrong kind (a \`pk_\` key or a JWT where the other is needed, a secret key on an account route), a
project the caller cannot access (existing or not), or a missing scope or role → **403**. Access is
decided before the rate limit (429) and, except where the key or the project sits in the body, before
the body is read (400/413/415).

## Roles and scopes
`;

const OWNER_RULES = `
Within the admin scope, only a member whose role is **owner** may grant the owner role, demote an
owner or remove one (a secret key cannot, whatever its scopes), and the last owner of a project can
be neither demoted nor removed (409). No account or key, owner or admin included, may choose or change
a project's \`plan\` (403): the server's operator sets it (\`northstar-server set-plan\`, docs/limits.md).

## Routes

| Method | Path | Credential | Scope | Member roles | Rate limit | Summary |
| --- | --- | --- | --- | --- | --- | --- |
`;

/** docs/access.md: the credentials, the role → scope table and one row per route, in mounting order. */
export function accessTable(routes: readonly AccessTableRoute[]): string {
  const roleRows = ROLES.map(
    (role) =>
      `| ${role} | ${SECRET_KEY_SCOPES.filter((s) => roleHasScope(role, s))
        .map((s) => `\`${s}\``)
        .join(', ')} |`,
  );
  const roleTable = ['| Role | Scopes it grants |', '| --- | --- |', ...roleRows].join('\n');
  return `${HEADER}\n${roleTable}\n${OWNER_RULES}${routes.map(routeRow).join('\n')}\n`;
}
