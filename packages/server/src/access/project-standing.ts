import type { SecretKeyScope } from '@northstar/core';
import { ForbiddenError } from '../errors/index.js';
import { keyHasScope } from '../keys/scopes.js';
import { accessLocals } from './principal.js';
import type { ProjectAccess } from './principal.js';
import { roleHasScope } from './roles.js';

/** The caller's standing in the project of an authorized `project` route. */
export function projectAccess(locals: Record<string, unknown>): ProjectAccess {
  const { access } = accessLocals(locals);
  if (!access) throw new Error('Route reached its handler without project authorization');
  return access;
}

/** True when the caller holds `scope` in its project (a key's scopes, or a member's role). */
export function hasScope(access: ProjectAccess, scope: SecretKeyScope): boolean {
  if (access.principal.kind === 'secret_key') return keyHasScope(access.principal.key, scope);
  return access.role !== null && roleHasScope(access.role, scope);
}

/**
 * For the few requests that need more than their route's scope, decided by what they carry (e.g. a
 * project PATCH that changes the plan): 403 without `scope`.
 */
export function requireScope(locals: Record<string, unknown>, scope: SecretKeyScope, action: string): void {
  const access = projectAccess(locals);
  if (!hasScope(access, scope)) throw new ForbiddenError(`${action} needs the ${scope} scope`);
}

/**
 * Only a member whose role is owner may grant the owner role, or demote or remove an owner. Secret keys
 * cannot, whatever their scopes: an admin could otherwise mint an admin key and remove the owners.
 */
export function requireOwner(locals: Record<string, unknown>, action: string): void {
  const access = projectAccess(locals);
  if (access.principal.kind !== 'account' || access.role !== 'owner') throw new ForbiddenError(`Only an owner may ${action}`);
}
