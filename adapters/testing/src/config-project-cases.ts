import { expect, it } from 'vitest';
import type { StoragePorts } from '@northstar/server';
import { ISO_UTC } from './config-fixtures.js';

/** Projects: create, read, list, update, delete with cascade. */
export function configProjectCases(adapter: () => StoragePorts): void {
  it('gives projects distinct integer ids and reads them back', async () => {
    const { config } = adapter();
    const a = await config.createProject({ name: 'Alpha', plan: 'free' });
    const b = await config.createProject({ name: 'Бета 🚀', plan: 'enterprise' });
    expect(Number.isInteger(a.id) && Number.isInteger(b.id)).toBe(true);
    expect(a.id).not.toBe(b.id);
    expect(await config.getProject(b.id)).toEqual(b);
    expect(b).toMatchObject({ name: 'Бета 🚀', plan: 'enterprise', settings: {} });
    expect(a.created_at).toMatch(ISO_UTC);
    expect(a.updated_at).toBe(a.created_at);
  });

  it('returns undefined for an unknown project', async () => {
    expect(await adapter().config.getProject(999_999)).toBeUndefined();
  });

  it('keeps settings such as a CORS allow-list as given', async () => {
    const { config } = adapter();
    const settings = { cors_origins: ['https://shop.example', 'https://ünï.example'], retention_days: 90, beta: true, note: null };
    const project = await config.createProject({ name: 'Settings', plan: 'pro', settings });
    expect(project.settings).toEqual(settings);
    expect((await config.getProject(project.id))?.settings).toEqual(settings);
  });

  it('updates only the fields given and replaces settings whole', async () => {
    const { config } = adapter();
    const project = await config.createProject({ name: 'Before', plan: 'free', settings: { cors_origins: ['https://a.example'], keep: 1 } });
    const renamed = await config.updateProject(project.id, { name: 'After ✨' });
    expect(renamed).toMatchObject({ id: project.id, name: 'After ✨', plan: 'free', settings: { cors_origins: ['https://a.example'], keep: 1 } });
    const upgraded = await config.updateProject(project.id, { plan: 'enterprise', settings: { cors_origins: [] } });
    expect(upgraded).toMatchObject({ name: 'After ✨', plan: 'enterprise', settings: { cors_origins: [] }, created_at: project.created_at });
    expect(await config.getProject(project.id)).toEqual(upgraded);
    expect(await config.updateProject(999_999, { name: 'Nobody' })).toBeUndefined();
  });

  it('lists projects in id order, page by page, without gaps or repeats', async () => {
    const { config } = adapter();
    const before = await config.createProject({ name: 'Before the test', plan: 'free' });
    const created = [];
    for (let n = 1; n <= 5; n += 1) created.push(await config.createProject({ name: `P${n}`, plan: 'free' }));
    const first = await config.listProjects({ after: before.id, limit: 2 });
    expect(first.items.map((p) => p.name)).toEqual(['P1', 'P2']);
    expect(first.next).toBe(created[1]?.id);
    const second = await config.listProjects({ after: first.next ?? 0, limit: 2 });
    expect(second.items.map((p) => p.name)).toEqual(['P3', 'P4']);
    const last = await config.listProjects({ after: second.next ?? 0, limit: 2 });
    expect(last).toEqual({ items: [created[4]], next: null });
  });

  it('lists only the projects an account is a member of', async () => {
    const { config } = adapter();
    const account = await config.createAccount({ email: 'lister@example.com', password_hash: 'h' });
    const mine = await config.createProject({ name: 'Mine', plan: 'free' });
    await config.createProject({ name: 'Not mine', plan: 'free' });
    const alsoMine = await config.createProject({ name: 'Also mine', plan: 'pro' });
    await config.addMembership({ account_id: account.id, project_id: alsoMine.id, role: 'viewer' });
    await config.addMembership({ account_id: account.id, project_id: mine.id, role: 'owner' });
    expect(await config.listProjects({ accountId: account.id })).toEqual({ items: [mine, alsoMine], next: null });
    expect(await config.listProjects({ accountId: account.id, limit: 1 })).toEqual({ items: [mine], next: mine.id });
  });

  it('deletes a project with its keys, memberships and documents, and nothing of other projects', async () => {
    const { config } = adapter();
    const doomed = await config.createProject({ name: 'Doomed', plan: 'free' });
    const kept = await config.createProject({ name: 'Kept', plan: 'free' });
    const account = await config.createAccount({ email: 'owner@example.com', password_hash: 'h' });
    for (const project of [doomed, kept]) {
      await config.addMembership({ account_id: account.id, project_id: project.id, role: 'owner' });
      await config.createApiKey({ project_id: project.id, kind: 'pk', scopes: [], hash: `${project.id}`.padStart(64, 'e'), prefix: 'pk_x', revoked_at: null });
      await config.createDocument({ project_id: project.id, kind: 'flag', key: 'new-checkout', data: { on: true } });
    }
    expect(await config.deleteProject(doomed.id)).toBe(true);
    expect(await config.getProject(doomed.id)).toBeUndefined();
    expect(await config.listApiKeys(doomed.id)).toEqual([]);
    expect(await config.findApiKeyByHash(`${doomed.id}`.padStart(64, 'e'))).toBeUndefined();
    expect(await config.getMembership(account.id, doomed.id)).toBeUndefined();
    expect(await config.findDocumentByKey(doomed.id, 'flag', 'new-checkout')).toBeUndefined();
    expect(await config.listApiKeys(kept.id)).toHaveLength(1);
    expect(await config.listAccountMemberships(account.id)).toEqual([expect.objectContaining({ project_id: kept.id })]);
    expect(await config.findDocumentByKey(kept.id, 'flag', 'new-checkout')).toMatchObject({ data: { on: true } });
    expect(await config.deleteProject(doomed.id)).toBe(false);
  });
}
