import { expect, it } from 'vitest';
import { ConflictError } from '@northstar/core';
import type { StoragePorts } from '@northstar/server';
import { HASH, ISO_UTC, newKey } from './config-fixtures.js';

/** API keys: found by hash only, listed without hashes, revoked and touched. */
export function configApiKeyCases(adapter: () => StoragePorts): void {
  it('finds an API key by its hash and only by its hash', async () => {
    const { config } = adapter();
    const project = await config.createProject({ name: 'Keys', plan: 'pro' });
    const created = await config.createApiKey(newKey(project.id));
    expect(Number.isInteger(created.id)).toBe(true);
    expect(created).toEqual({
      id: created.id,
      project_id: project.id,
      kind: 'sk',
      name: null,
      scopes: ['query', 'read'],
      hash: HASH,
      prefix: 'sk_abcdefghi',
      created_at: created.created_at,
      revoked_at: null,
      last_used_at: null,
    });
    expect(created.created_at).toMatch(ISO_UTC);
    expect(await config.findApiKeyByHash(HASH)).toEqual(created);
    expect(await config.findApiKeyByHash('sk_abcdefghi')).toBeUndefined();
    expect(await config.findApiKeyByHash(HASH.toUpperCase())).toBeUndefined();
    expect(await config.findApiKeyByHash(`${HASH} `)).toBeUndefined();
    expect(await config.findApiKeyByHash('b'.repeat(64))).toBeUndefined();
  });

  it('keeps the scopes of each key apart, in the order given', async () => {
    const { config } = adapter();
    const project = await config.createProject({ name: 'Scopes', plan: 'free' });
    await config.createApiKey(newKey(project.id, { kind: 'pk', scopes: [], hash: 'c'.repeat(64) }));
    await config.createApiKey(newKey(project.id, { scopes: ['admin'], hash: 'd'.repeat(64) }));
    await config.createApiKey(newKey(project.id, { scopes: ['write', 'query', 'read'], hash: 'f'.repeat(64) }));
    expect((await config.findApiKeyByHash('c'.repeat(64)))?.scopes).toEqual([]);
    expect((await config.findApiKeyByHash('d'.repeat(64)))?.scopes).toEqual(['admin']);
    expect((await config.findApiKeyByHash('f'.repeat(64)))?.scopes).toEqual(['write', 'query', 'read']);
  });

  it('refuses a second key with the same hash', async () => {
    const { config } = adapter();
    const project = await config.createProject({ name: 'Twice', plan: 'free' });
    await config.createApiKey(newKey(project.id));
    const again = config.createApiKey(newKey(project.id, { kind: 'pk', scopes: [] }));
    await expect(again).rejects.toBeInstanceOf(ConflictError);
    await expect(again).rejects.toMatchObject({ status: 409, target: 'api_key_hash' });
  });

  it('marks a revoked key, keeps the first revocation time, and keeps it findable', async () => {
    const { config } = adapter();
    const project = await config.createProject({ name: 'Revoke', plan: 'free' });
    const created = await config.createApiKey(newKey(project.id));
    expect(await config.revokeApiKey(created.id, '2024-03-10T00:00:00.000Z')).toBe(true);
    expect(await config.revokeApiKey(created.id, '2024-03-11T00:00:00Z')).toBe(true);
    expect((await config.findApiKeyByHash(HASH))?.revoked_at).toBe('2024-03-10T00:00:00.000Z');
    expect(await config.revokeApiKey(999_999, '2024-03-10T00:00:00.000Z')).toBe(false);
  });

  it('lists the keys of one project by id, labels included and hashes left out', async () => {
    const { config } = adapter();
    const project = await config.createProject({ name: 'List', plan: 'free' });
    const other = await config.createProject({ name: 'Other', plan: 'free' });
    const pk = await config.createApiKey(newKey(project.id, { kind: 'pk', scopes: [], hash: '1'.repeat(64), name: 'Website 🌐' }));
    await config.createApiKey(newKey(other.id, { hash: '2'.repeat(64) }));
    const sk = await config.createApiKey(newKey(project.id, { hash: '3'.repeat(64), name: 'CI' }));
    await config.revokeApiKey(sk.id, '2024-03-10T00:00:00.000Z');
    const { hash: _pkHash, ...pkSummary } = pk;
    const { hash: _skHash, ...skSummary } = sk;
    const listed = await config.listApiKeys(project.id);
    expect(listed).toEqual([pkSummary, { ...skSummary, revoked_at: '2024-03-10T00:00:00.000Z' }]);
    expect(listed.some((key) => 'hash' in key)).toBe(false);
    expect(await config.getApiKey(pk.id)).toEqual(pkSummary);
    expect(await config.getApiKey(999_999)).toBeUndefined();
    expect(await config.listApiKeys(999_999)).toEqual([]);
  });

  it('records the last use of a key, moving only forward', async () => {
    const { config } = adapter();
    const project = await config.createProject({ name: 'Touch', plan: 'free' });
    const key = await config.createApiKey(newKey(project.id));
    await config.touchApiKey(key.id, '2024-03-10T12:00:00Z');
    expect((await config.getApiKey(key.id))?.last_used_at).toBe('2024-03-10T12:00:00.000Z');
    await config.touchApiKey(key.id, '2024-03-10T11:00:00.000Z');
    expect((await config.findApiKeyByHash(HASH))?.last_used_at).toBe('2024-03-10T12:00:00.000Z');
    await config.touchApiKey(key.id, '2024-03-10T12:00:00.001Z');
    expect((await config.getApiKey(key.id))?.last_used_at).toBe('2024-03-10T12:00:00.001Z');
    await expect(config.touchApiKey(999_999, '2024-03-10T12:00:00.000Z')).resolves.toBeUndefined();
  });

  it('refuses an unparsable timestamp', async () => {
    const { config } = adapter();
    const project = await config.createProject({ name: 'Time', plan: 'free' });
    const key = await config.createApiKey(newKey(project.id));
    await expect(config.revokeApiKey(key.id, 'yesterday')).rejects.toBeInstanceOf(RangeError);
    await expect(config.touchApiKey(key.id, '')).rejects.toBeInstanceOf(RangeError);
    expect((await config.getApiKey(key.id))?.revoked_at).toBeNull();
  });
}
