import { expect, it } from 'vitest';
import { ConflictError } from '@northstar/core';
import type { ConfigStore, StoragePorts } from '@northstar/server';
import { ISO_UTC } from './config-fixtures.js';

async function people(config: ConfigStore, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let n = 0; n < count; n += 1) ids.push((await config.createAccount({ email: `member-${n}@example.com`, password_hash: 'h' })).id);
  return ids;
}

/** Memberships: one role per account and project. */
export function configMembershipCases(adapter: () => StoragePorts): void {
  it('adds a member with a role and reads the membership back', async () => {
    const { config } = adapter();
    const [account = 0] = await people(config, 1);
    const project = await config.createProject({ name: 'Team', plan: 'pro' });
    const membership = await config.addMembership({ account_id: account, project_id: project.id, role: 'admin' });
    expect(membership).toEqual({ account_id: account, project_id: project.id, role: 'admin', created_at: membership.created_at });
    expect(membership.created_at).toMatch(ISO_UTC);
    expect(await config.getMembership(account, project.id)).toEqual(membership);
  });

  it('refuses to add the same account to the same project twice', async () => {
    const { config } = adapter();
    const [account = 0] = await people(config, 1);
    const project = await config.createProject({ name: 'Once', plan: 'free' });
    await config.addMembership({ account_id: account, project_id: project.id, role: 'member' });
    const again = config.addMembership({ account_id: account, project_id: project.id, role: 'owner' });
    await expect(again).rejects.toBeInstanceOf(ConflictError);
    await expect(again).rejects.toMatchObject({ status: 409, target: 'membership' });
    expect((await config.getMembership(account, project.id))?.role).toBe('member');
  });

  it('changes a role and removes a member', async () => {
    const { config } = adapter();
    const [account = 0] = await people(config, 1);
    const project = await config.createProject({ name: 'Roles', plan: 'free' });
    await config.addMembership({ account_id: account, project_id: project.id, role: 'viewer' });
    expect(await config.setMembershipRole(account, project.id, 'owner')).toMatchObject({ role: 'owner' });
    expect((await config.getMembership(account, project.id))?.role).toBe('owner');
    expect(await config.removeMembership(account, project.id)).toBe(true);
    expect(await config.getMembership(account, project.id)).toBeUndefined();
    expect(await config.removeMembership(account, project.id)).toBe(false);
    expect(await config.setMembershipRole(account, project.id, 'admin')).toBeUndefined();
  });

  it('lists the members of a project by account id and the memberships of an account by project id', async () => {
    const { config } = adapter();
    const [a = 0, b = 0, c = 0] = await people(config, 3);
    const p1 = await config.createProject({ name: 'One', plan: 'free' });
    const p2 = await config.createProject({ name: 'Two', plan: 'free' });
    await config.addMembership({ account_id: c, project_id: p1.id, role: 'viewer' });
    await config.addMembership({ account_id: a, project_id: p2.id, role: 'member' });
    await config.addMembership({ account_id: a, project_id: p1.id, role: 'owner' });
    await config.addMembership({ account_id: b, project_id: p2.id, role: 'admin' });
    const roles = (list: { account_id: number; project_id: number; role: string }[]) => list.map((m) => [m.account_id, m.project_id, m.role]);
    expect(roles(await config.listProjectMembers(p1.id))).toEqual([
      [a, p1.id, 'owner'],
      [c, p1.id, 'viewer'],
    ]);
    expect(roles(await config.listAccountMemberships(a))).toEqual([
      [a, p1.id, 'owner'],
      [a, p2.id, 'member'],
    ]);
    expect(await config.listProjectMembers(999_999)).toEqual([]);
    expect(await config.listAccountMemberships(999_999)).toEqual([]);
  });
}
