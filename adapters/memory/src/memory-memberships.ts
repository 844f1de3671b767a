import { ConflictError } from '@northstar/core';
import type { ConfigStore, MemberRole, MembershipRecord, NewMembership } from '@northstar/server';
import { membershipKey } from './memory-config-state.js';
import type { MemoryConfigState } from './memory-config-state.js';

type MembershipMethods = Pick<
  ConfigStore,
  'addMembership' | 'getMembership' | 'setMembershipRole' | 'removeMembership' | 'listProjectMembers' | 'listAccountMemberships'
>;

export function memoryMemberships(state: MemoryConfigState): MembershipMethods {
  const { memberships } = state.tables;
  const where = (keep: (m: MembershipRecord) => boolean, order: (m: MembershipRecord) => number): MembershipRecord[] =>
    [...memberships.values()]
      .filter(keep)
      .sort((a, b) => order(a) - order(b))
      .map((m) => ({ ...m }));

  return {
    addMembership(input: NewMembership): Promise<MembershipRecord> {
      const key = membershipKey(input.account_id, input.project_id);
      if (memberships.has(key)) return Promise.reject(new ConflictError('membership'));
      const membership: MembershipRecord = { account_id: input.account_id, project_id: input.project_id, role: input.role, created_at: state.now() };
      memberships.set(key, membership);
      return Promise.resolve({ ...membership });
    },

    getMembership(accountId: number, projectId: number): Promise<MembershipRecord | undefined> {
      const membership = memberships.get(membershipKey(accountId, projectId));
      return Promise.resolve(membership && { ...membership });
    },

    setMembershipRole(accountId: number, projectId: number, role: MemberRole): Promise<MembershipRecord | undefined> {
      const membership = memberships.get(membershipKey(accountId, projectId));
      if (membership) membership.role = role;
      return Promise.resolve(membership && { ...membership });
    },

    removeMembership(accountId: number, projectId: number): Promise<boolean> {
      return Promise.resolve(memberships.delete(membershipKey(accountId, projectId)));
    },

    listProjectMembers(projectId: number): Promise<MembershipRecord[]> {
      return Promise.resolve(
        where(
          (m) => m.project_id === projectId,
          (m) => m.account_id,
        ),
      );
    },

    listAccountMemberships(accountId: number): Promise<MembershipRecord[]> {
      return Promise.resolve(
        where(
          (m) => m.account_id === accountId,
          (m) => m.project_id,
        ),
      );
    },
  };
}
