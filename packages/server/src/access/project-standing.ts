import { ForbiddenError } from '../errors/index.js';
import { accessLocals } from './principal.js';
import type { ProjectAccess } from './principal.js';

/** The caller's standing in the project of an authorized `project` route. */
export function projectAccess(locals: Record<string, unknown>): ProjectAccess {
  const { access } = accessLocals(locals);
  if (!access) throw new Error('Route reached its handler without project authorization');
  return access;
}

/**
 * Only a member whose role is owner may grant the owner role, or demote or remove an owner. Secret keys
 * cannot, whatever their scopes: an admin could otherwise mint an admin key and remove the owners.
 */
export function requireOwner(locals: Record<string, unknown>, action: string): void {
  const access = projectAccess(locals);
  if (access.principal.kind !== 'account' || access.role !== 'owner') throw new ForbiddenError(`Only an owner may ${action}`);
}
