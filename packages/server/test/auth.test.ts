import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiKey, hashApiKey } from '@northstar/server';
import type { SecretKeyScope } from '@northstar/core';
import { eventQuery, postJson, startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

let api: TestServer;
beforeEach(async () => {
  api = await startTestServer();
});
afterEach(() => api.close());

const event = { event_name: 'x', device_id: 'd' };
const track = (headers: Record<string, string>) => postJson(`${api.url}/v1/track`, event, headers);
const query = (headers: Record<string, string>, projectId = api.demo.project_id) =>
  postJson(`${api.url}/v1/api/query/events`, eventQuery(projectId, ['x'], '2024-05-01'), headers);
const secretKey = async (scopes: SecretKeyScope[]) => (await createApiKey(api.storage.config, { projectId: api.demo.project_id, kind: 'sk', scopes })).key;

describe('API keys', () => {
  it('are created as pk_/sk_ plus 32 random bytes, stored only as sha256 and a prefix', async () => {
    const { key, record } = await createApiKey(api.storage.config, { projectId: api.demo.project_id, kind: 'sk', scopes: ['query'] });
    expect(key).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    expect(record.hash).toBe(hashApiKey(key));
    expect(record.prefix).toBe(key.slice(0, 12));
    expect(JSON.stringify(record)).not.toContain(key);
  });
});

describe('ingestion authentication', () => {
  it('answers a request without a key with 401', async () => {
    expect(await track({})).toMatchObject({ status: 401, body: { error: expect.any(String) } });
  });

  it('answers an unknown key with 401', async () => {
    expect((await track({ 'X-API-Key': 'pk_unknown' })).status).toBe(401);
  });

  it('answers a revoked key with 401', async () => {
    const record = await api.storage.config.findApiKeyByHash(hashApiKey(api.demo.pk));
    await api.storage.config.revokeApiKey(record?.id ?? -1, new Date().toISOString());
    expect((await track({ 'X-API-Key': api.demo.pk })).status).toBe(401);
  });

  it('answers a secret key on /v1/track with 401', async () => {
    expect((await track({ 'X-API-Key': api.demo.sk })).status).toBe(401);
    expect((await track({ Authorization: `Bearer ${api.demo.sk}` })).status).toBe(401);
  });
});

describe('query authorization', () => {
  it('answers a query without a key with 401', async () => {
    expect(await query({})).toMatchObject({ status: 401, body: { error: expect.any(String) } });
  });

  it('answers a query with an unknown key with 401', async () => {
    expect((await query({ Authorization: 'Bearer sk_unknown' })).status).toBe(401);
  });

  it('answers a query with an SDK key with 403', async () => {
    expect((await query({ Authorization: `Bearer ${api.demo.pk}` })).status).toBe(403);
  });

  it('lets a read or a write key query: scopes are ordered query < read < write < admin (spec 4: "query scope or higher")', async () => {
    expect((await query({ Authorization: `Bearer ${await secretKey(['read'])}` })).status).toBe(200);
    expect((await query({ Authorization: `Bearer ${await secretKey(['write'])}` })).status).toBe(200);
  });

  it("answers a key whose scopes are all below the route's with 403", async () => {
    const key = await secretKey(['query']);
    const res = await fetch(`${api.url}/v1/projects/${api.demo.project_id}`, { headers: { Authorization: `Bearer ${key}` } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'This key lacks the read scope' });
  });

  it('lets an admin key query, since admin implies every scope', async () => {
    expect((await query({ Authorization: `Bearer ${await secretKey(['admin'])}` })).status).toBe(200);
  });

  it("answers a query for another project than the key's with 403", async () => {
    const other = await api.storage.config.createProject({ name: 'Other', plan: 'pro' });
    expect((await query({ Authorization: `Bearer ${api.demo.sk}` }, other.id)).status).toBe(403);
  });

  it('refuses a secret key in X-API-Key with 401, naming Authorization: Bearer', async () => {
    const res = await query({ 'X-API-Key': api.demo.sk });
    expect(res).toMatchObject({ status: 401, body: { error: expect.stringContaining('Authorization: Bearer') } });
    expect((await query({ 'X-API-Key': 'sk_unknown' })).status).toBe(401);
  });

  it('reads the application key from Authorization: Bearer even when X-API-Key holds another', async () => {
    expect((await query({ Authorization: `Bearer ${api.demo.sk}`, 'X-API-Key': api.demo.pk })).status).toBe(200);
  });

  it('checks the key before reading the body', async () => {
    expect((await postJson(`${api.url}/v1/api/query/events`, '{not json', {})).status).toBe(401);
  });
});
