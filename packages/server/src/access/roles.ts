import type { SecretKeyScope } from '@northstar/core';
import type { MemberRole } from '../ports/index.js';

/**
 * What each member role may do, in the words of secret-key scopes (docs/access.md): a viewer reads,
 * a member also creates and edits, an admin and an owner may do everything. Only an owner may remove
 * or demote another owner (enforced by the membership routes).
 */
export const ROLE_SCOPES: Readonly<Record<MemberRole, readonly SecretKeyScope[]>> = {
  viewer: ['query', 'read'],
  member: ['query', 'read', 'write'],
  admin: ['query', 'read', 'write', 'admin'],
  owner: ['query', 'read', 'write', 'admin'],
};

export function roleHasScope(role: MemberRole, scope: SecretKeyScope): boolean {
  return ROLE_SCOPES[role].includes(scope);
}
