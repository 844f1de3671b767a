import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiKey } from '@northstar/server';
import { addAccount, call, login, startAuthServer } from './support/accounts.js';
import type { TestServer } from './support/test-server.js';

let api: TestServer;
let keys: string;
let admin: string;
let now: number;
beforeEach(async () => {
  now = Date.parse('2024-05-01T12:00:00.000Z');
  api = await startAuthServer({ clock: () => now });
  keys = `/v1/projects/${api.demo.project_id}/api-keys`;
  admin = (await createApiKey(api.storage.config, { projectId: api.demo.project_id, kind: 'sk', scopes: ['admin'] })).key;
});
afterEach(() => api.close());

const create = (body: unknown, token = admin) => call(api.url, 'POST', keys, { token, body });
const query = (key: string) =>
  call(api.url, 'POST', '/v1/api/query/events', {
    token: key,
    body: { project_id: api.demo.project_id, events: [{ name: 'x' }], metric: 'uniq', date_range: { start: '2024-05-01', end: '2024-05-01' }, interval: 'day' },
  });

describe('POST /v1/projects/:projectId/api-keys', () => {
  it('creates a secret key with scopes and a name, shown in full only in this answer', async () => {
    const res = await create({ kind: 'sk', name: 'CI', scopes: ['query', 'read'] });
    expect(res).toMatchObject({
      status: 201,
      body: {
        id: expect.any(Number),
        kind: 'sk',
        name: 'CI',
        scopes: ['query', 'read'],
        key: expect.stringMatching(/^sk_[\w-]{43}$/),
        last_used_at: null,
        revoked_at: null,
      },
    });
    const { key, prefix } = res.body as { key: string; prefix: string };
    expect(prefix).toBe(key.slice(0, 12));
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await query(key)).status).toBe(200);
  });

  it('creates an SDK key, which takes no scopes', async () => {
    expect(await create({ kind: 'pk', name: 'Site' })).toMatchObject({ status: 201, body: { kind: 'pk', scopes: [], key: expect.stringMatching(/^pk_/) } });
    expect(await create({ kind: 'pk', scopes: ['read'] })).toMatchObject({ status: 400, body: { error: 'SDK keys (pk) carry no scopes' } });
  });

  it('answers 400 for a secret key without scopes, an unknown scope or kind', async () => {
    expect(await create({ kind: 'sk' })).toMatchObject({ status: 400, body: { error: 'scopes: A secret key needs at least one scope' } });
    expect((await create({ kind: 'sk', scopes: ['root'] })).status).toBe(400);
    expect((await create({ kind: 'xk', scopes: ['read'] })).status).toBe(400);
  });

  it('needs the admin scope: 403 for a write key and for a member', async () => {
    const write = (await createApiKey(api.storage.config, { projectId: api.demo.project_id, kind: 'sk', scopes: ['write', 'read', 'query'] })).key;
    expect((await create({ kind: 'sk', scopes: ['admin'] }, write)).status).toBe(403);
    await addAccount(api.storage, 'm@example.com', { projectId: api.demo.project_id, role: 'member' });
    expect((await create({ kind: 'sk', scopes: ['read'] }, (await login(api.url, 'm@example.com')).accessToken)).status).toBe(403);
  });
});

describe('GET /v1/projects/:projectId/api-keys', () => {
  it('lists prefixes, scopes and dates, never a key or a hash', async () => {
    const created = (await create({ kind: 'sk', name: 'CI', scopes: ['query'] })).body as { id: number; key: string };
    const res = await call(api.url, 'GET', keys, { token: admin });
    expect(res.status).toBe(200);
    const items = (res.body as { items: Record<string, unknown>[] }).items;
    expect(items.find((item) => item.id === created.id)).toEqual({
      id: created.id,
      project_id: api.demo.project_id,
      kind: 'sk',
      name: 'CI',
      prefix: created.key.slice(0, 12),
      scopes: ['query'],
      created_at: expect.any(String),
      last_used_at: null,
      revoked_at: null,
    });
    expect(res.text).not.toContain(created.key);
    expect(res.text).not.toContain(api.demo.sk);
    expect(res.text).not.toContain(admin);
    expect(res.text).not.toContain('hash');
  });

  it('shows when a key was last used, written at most once a minute', async () => {
    const created = (await create({ kind: 'sk', scopes: ['query'] })).body as { id: number; key: string };
    const lastUsed = async () => {
      const items = ((await call(api.url, 'GET', keys, { token: admin })).body as { items: { id: number; last_used_at: string | null }[] }).items;
      return items.find((item) => item.id === created.id)?.last_used_at;
    };
    await query(created.key);
    await expect.poll(lastUsed).toBe('2024-05-01T12:00:00.000Z');
    now += 30_000;
    await query(created.key);
    expect(await lastUsed()).toBe('2024-05-01T12:00:00.000Z');
    now += 30_000;
    await query(created.key);
    await expect.poll(lastUsed).toBe('2024-05-01T12:01:00.000Z');
  });

  it('records SDK key use on the ingestion path too', async () => {
    await call(api.url, 'POST', '/v1/track', { body: { event_name: 'x', device_id: 'd' }, headers: { 'X-API-Key': api.demo.pk } });
    const sdkKey = async () => (await api.storage.config.listApiKeys(api.demo.project_id)).find((key) => key.kind === 'pk')?.last_used_at;
    await expect.poll(sdkKey).toBe('2024-05-01T12:00:00.000Z');
  });
});

describe('POST /v1/projects/:projectId/api-keys/:id/rotate', () => {
  it('issues a new key of the same kind, name and scopes, and revokes the old one', async () => {
    const old = (await create({ kind: 'sk', name: 'CI', scopes: ['query'] })).body as { id: number; key: string };
    const res = await call(api.url, 'POST', `${keys}/${old.id}/rotate`, { token: admin });
    expect(res).toMatchObject({ status: 201, body: { kind: 'sk', name: 'CI', scopes: ['query'], key: expect.stringMatching(/^sk_/), revoked_at: null } });
    const rotated = res.body as { id: number; key: string };
    expect(rotated.id).not.toBe(old.id);
    expect((await query(old.key)).status).toBe(401);
    expect((await query(rotated.key)).status).toBe(200);
    expect((await api.storage.config.getApiKey(old.id))?.revoked_at).toBe('2024-05-01T12:00:00.000Z');
  });

  it('answers 409 for a revoked key and 404 for a key of another project', async () => {
    const old = (await create({ kind: 'sk', scopes: ['query'] })).body as { id: number };
    await call(api.url, 'DELETE', `${keys}/${old.id}`, { token: admin });
    expect((await call(api.url, 'POST', `${keys}/${old.id}/rotate`, { token: admin })).status).toBe(409);
    const other = await api.storage.config.createProject({ name: 'Other', plan: 'free' });
    const foreign = await createApiKey(api.storage.config, { projectId: other.id, kind: 'sk', scopes: ['read'] });
    expect((await call(api.url, 'POST', `${keys}/${foreign.record.id}/rotate`, { token: admin })).status).toBe(404);
  });
});

describe('DELETE /v1/projects/:projectId/api-keys/:id', () => {
  it('revokes the key, which then answers 401 and stays listed with revoked_at', async () => {
    const created = (await create({ kind: 'sk', scopes: ['query'] })).body as { id: number; key: string };
    expect((await call(api.url, 'DELETE', `${keys}/${created.id}`, { token: admin })).status).toBe(204);
    expect((await query(created.key)).status).toBe(401);
    expect((await call(api.url, 'DELETE', `${keys}/${created.id}`, { token: admin })).status).toBe(204);
    const items = ((await call(api.url, 'GET', keys, { token: admin })).body as { items: { id: number; revoked_at: string | null }[] }).items;
    expect(items.find((item) => item.id === created.id)?.revoked_at).toBe('2024-05-01T12:00:00.000Z');
  });

  it('answers 404 for an unknown id and for a key of another project', async () => {
    const other = await api.storage.config.createProject({ name: 'Other', plan: 'free' });
    const foreign = await createApiKey(api.storage.config, { projectId: other.id, kind: 'sk', scopes: ['read'] });
    expect((await call(api.url, 'DELETE', `${keys}/${foreign.record.id}`, { token: admin })).status).toBe(404);
    expect((await call(api.url, 'DELETE', `${keys}/999999`, { token: admin })).status).toBe(404);
    expect(await api.storage.config.getApiKey(foreign.record.id)).toMatchObject({ revoked_at: null });
  });
});
