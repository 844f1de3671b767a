import type { ConfigStore, MemberRole, MembershipRecord, NewMembership } from '@northstar/server';
import { TABLES } from './sql-config-context.js';
import type { SqlConfigContext } from './sql-config-context.js';
import { orConflict } from './sql-conflicts.js';
import { toIso, toNumber } from './sql-values.js';

type MembershipMethods = Pick<
  ConfigStore,
  'addMembership' | 'getMembership' | 'setMembershipRole' | 'removeMembership' | 'listProjectMembers' | 'listAccountMemberships'
>;

interface MembershipRow {
  account_id: number;
  project_id: number;
  role: string;
  created_at: number | string;
}

const toMembership = (row: MembershipRow): MembershipRecord => ({
  account_id: toNumber(row.account_id),
  project_id: toNumber(row.project_id),
  role: row.role as MemberRole,
  created_at: toIso(row.created_at),
});

export function sqlMemberships({ db, dialect, now }: SqlConfigContext): MembershipMethods {
  const memberships = () => db<MembershipRow>(TABLES.memberships);
  const one = (accountId: number, projectId: number) => memberships().where({ account_id: accountId, project_id: projectId });
  const get = async (accountId: number, projectId: number): Promise<MembershipRecord | undefined> => {
    const row = await one(accountId, projectId).first();
    return row && toMembership(row);
  };

  return {
    async addMembership(input: NewMembership): Promise<MembershipRecord> {
      const row = { account_id: input.account_id, project_id: input.project_id, role: input.role, created_at: now() };
      await orConflict(dialect, 'membership', async () => memberships().insert(row));
      return toMembership(row);
    },

    getMembership: get,

    async setMembershipRole(accountId: number, projectId: number, role: MemberRole): Promise<MembershipRecord | undefined> {
      await one(accountId, projectId).update({ role });
      return get(accountId, projectId);
    },

    async removeMembership(accountId: number, projectId: number): Promise<boolean> {
      return (await one(accountId, projectId).delete()) > 0;
    },

    async listProjectMembers(projectId: number): Promise<MembershipRecord[]> {
      const rows: MembershipRow[] = await memberships().where('project_id', projectId).orderBy('account_id');
      return rows.map(toMembership);
    },

    async listAccountMemberships(accountId: number): Promise<MembershipRecord[]> {
      const rows: MembershipRow[] = await memberships().where('account_id', accountId).orderBy('project_id');
      return rows.map(toMembership);
    },
  };
}
