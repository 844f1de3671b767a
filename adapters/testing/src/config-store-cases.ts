import { expect, it } from 'vitest';
import type { NewApiKey, StorageAdapter } from '@northstar/server';

const HASH = 'a'.repeat(64);

function newKey(projectId: number, overrides: Partial<NewApiKey> = {}): NewApiKey {
  return { project_id: projectId, kind: 'sk', scopes: ['query', 'read'], hash: HASH, prefix: 'sk_abcdefghi', revoked_at: null, ...overrides };
}

/** ConfigStore cases; `adapter()` is a fresh adapter for the running test. */
export function configStoreCases(adapter: () => StorageAdapter): void {
  it('gives projects distinct integer ids and reads them back', async () => {
    const { config } = adapter();
    const a = await config.createProject({ name: 'Alpha', plan: 'free' });
    const b = await config.createProject({ name: 'Бета 🚀', plan: 'enterprise' });
    expect(Number.isInteger(a.id) && Number.isInteger(b.id)).toBe(true);
    expect(a.id).not.toBe(b.id);
    expect(await config.getProject(b.id)).toEqual(b);
    expect(b).toMatchObject({ name: 'Бета 🚀', plan: 'enterprise' });
    expect(Number.isNaN(Date.parse(a.created_at))).toBe(false);
  });

  it('returns undefined for an unknown project', async () => {
    expect(await adapter().config.getProject(999_999)).toBeUndefined();
  });

  it('finds an API key by its hash and only by its hash', async () => {
    const { config } = adapter();
    const project = await config.createProject({ name: 'Keys', plan: 'pro' });
    const created = await config.createApiKey(newKey(project.id));
    expect(Number.isInteger(created.id)).toBe(true);
    expect(created).toMatchObject({ project_id: project.id, kind: 'sk', scopes: ['query', 'read'], hash: HASH, revoked_at: null });
    expect(await config.findApiKeyByHash(HASH)).toEqual(created);
    expect(await config.findApiKeyByHash('sk_abcdefghi')).toBeUndefined();
    expect(await config.findApiKeyByHash(HASH.toUpperCase())).toBeUndefined();
    expect(await config.findApiKeyByHash('b'.repeat(64))).toBeUndefined();
  });

  it('keeps the scopes of each key apart', async () => {
    const { config } = adapter();
    const project = await config.createProject({ name: 'Scopes', plan: 'free' });
    await config.createApiKey(newKey(project.id, { kind: 'pk', scopes: [], hash: 'c'.repeat(64) }));
    await config.createApiKey(newKey(project.id, { scopes: ['admin'], hash: 'd'.repeat(64) }));
    expect((await config.findApiKeyByHash('c'.repeat(64)))?.scopes).toEqual([]);
    expect((await config.findApiKeyByHash('d'.repeat(64)))?.scopes).toEqual(['admin']);
  });

  it('refuses a second key with the same hash', async () => {
    const { config } = adapter();
    const project = await config.createProject({ name: 'Twice', plan: 'free' });
    await config.createApiKey(newKey(project.id));
    await expect(config.createApiKey(newKey(project.id))).rejects.toThrow();
  });

  it('marks a revoked key and keeps it findable', async () => {
    const { config } = adapter();
    const project = await config.createProject({ name: 'Revoke', plan: 'free' });
    const created = await config.createApiKey(newKey(project.id));
    expect(await config.revokeApiKey(created.id, '2024-03-10T00:00:00.000Z')).toBe(true);
    expect((await config.findApiKeyByHash(HASH))?.revoked_at).toBe('2024-03-10T00:00:00.000Z');
    expect(await config.revokeApiKey(999_999, '2024-03-10T00:00:00.000Z')).toBe(false);
  });
}
