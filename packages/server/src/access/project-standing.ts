import { ForbiddenError } from '../errors/index.js';
import type { ProjectAccess } from './principal.js';

/**
 * Only a member whose role is owner may grant the owner role, or demote or remove an owner. Secret keys
 * cannot, whatever their scopes: an admin could otherwise mint an admin key and remove the owners.
 */
export function requireOwner(access: ProjectAccess, action: string): void {
  if (access.principal.kind !== 'account' || access.role !== 'owner') throw new ForbiddenError(`Only an owner may ${action}`);
}
