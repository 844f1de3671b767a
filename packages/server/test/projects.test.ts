import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiKey } from '@northstar/server';
import { addAccount, call, login, startAuthServer } from './support/accounts.js';
import type { TestServer } from './support/test-server.js';

let api: TestServer;
let token: string;
beforeEach(async () => {
  api = await startAuthServer();
  await addAccount(api.storage, 'owner@example.com', { projectId: api.demo.project_id, role: 'owner' });
  ({ accessToken: token } = await login(api.url, 'owner@example.com'));
});
afterEach(() => api.close());

const PLAN_REFUSED = "A project's plan is set by the server's operator (northstar-server set-plan), not through the API";

const as = (role: 'viewer' | 'member' | 'admin' | 'owner') =>
  addAccount(api.storage, `${role}@member.example`, { projectId: api.demo.project_id, role }).then(
    async () => (await login(api.url, `${role}@member.example`)).accessToken,
  );

describe('POST /v1/projects', () => {
  it('creates a project owned by the caller, with its first SDK key shown once', async () => {
    const res = await call(api.url, 'POST', '/v1/projects', { token, body: { name: 'Shop' } });
    expect(res).toMatchObject({
      status: 201,
      body: {
        project: { id: expect.any(Number), name: 'Shop', plan: 'enterprise', settings: {}, role: 'owner' },
        api_key: { kind: 'pk', key: expect.stringMatching(/^pk_/), prefix: expect.stringMatching(/^pk_/), scopes: [], revoked_at: null },
      },
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { project, api_key } = res.body as { project: { id: number }; api_key: { key: string } };
    expect((await call(api.url, 'POST', '/v1/track', { body: { event_name: 'x', device_id: 'd' }, headers: { 'X-API-Key': api_key.key } })).status).toBe(200);
    expect((await call(api.url, 'GET', `/v1/projects/${project.id}/members`, { token })).body).toMatchObject({
      items: [{ email: 'owner@example.com', role: 'owner' }],
    });
  });

  it("gives a new project the router's defaultPlan: enterprise unless the operator chose another", async () => {
    expect((await call(api.url, 'POST', '/v1/projects', { token, body: { name: 'Shop' } })).body).toMatchObject({ project: { plan: 'enterprise' } });
    const saas = await startAuthServer({ defaultPlan: 'free' });
    try {
      await addAccount(saas.storage, 'owner@example.com');
      const owner = (await login(saas.url, 'owner@example.com')).accessToken;
      expect((await call(saas.url, 'POST', '/v1/projects', { token: owner, body: { name: 'Shop' } })).body).toMatchObject({ project: { plan: 'free' } });
    } finally {
      await saas.close();
    }
  });

  it('refuses a plan other than the default with 403: the plan is set by the operator, not by accounts', async () => {
    const saas = await startAuthServer({ defaultPlan: 'free' });
    try {
      await addAccount(saas.storage, 'owner@example.com');
      const owner = (await login(saas.url, 'owner@example.com')).accessToken;
      expect(await call(saas.url, 'POST', '/v1/projects', { token: owner, body: { name: 'Mine', plan: 'enterprise' } })).toMatchObject({
        status: 403,
        body: { error: PLAN_REFUSED },
      });
      expect((await call(saas.url, 'GET', '/v1/projects', { token: owner })).body).toEqual({ items: [], next: null });
      expect((await call(saas.url, 'POST', '/v1/projects', { token: owner, body: { name: 'Mine', plan: 'free' } })).status).toBe(201);
    } finally {
      await saas.close();
    }
  });

  it('answers 400 without a name, and 403 for a secret key (projects belong to accounts)', async () => {
    expect((await call(api.url, 'POST', '/v1/projects', { token, body: { name: '  ' } })).status).toBe(400);
    expect((await call(api.url, 'POST', '/v1/projects', { token: api.demo.sk, body: { name: 'Shop' } })).status).toBe(403);
  });
});

describe('GET /v1/projects', () => {
  it("lists only the caller's projects, with its role in each, a page at a time", async () => {
    await api.storage.config.createProject({ name: 'Not mine', plan: 'free' });
    await call(api.url, 'POST', '/v1/projects', { token, body: { name: 'Second' } });
    const first = await call(api.url, 'GET', '/v1/projects?limit=1', { token });
    expect(first.body).toMatchObject({ items: [{ id: api.demo.project_id, name: 'Demo', role: 'owner' }], next: api.demo.project_id });
    const second = await call(api.url, 'GET', `/v1/projects?limit=1&after=${api.demo.project_id}`, { token });
    expect(second.body).toMatchObject({ items: [{ name: 'Second', role: 'owner' }] });
    expect((await call(api.url, 'GET', '/v1/projects?limit=0', { token })).status).toBe(400);
  });
});

describe('GET and PATCH /v1/projects/:projectId', () => {
  it('shows the project to a viewer and to a read key', async () => {
    const viewer = await as('viewer');
    expect(await call(api.url, 'GET', `/v1/projects/${api.demo.project_id}`, { token: viewer })).toMatchObject({
      status: 200,
      body: { id: api.demo.project_id, name: 'Demo', plan: expect.any(String) },
    });
    expect((await call(api.url, 'GET', `/v1/projects/${api.demo.project_id}`, { token: api.demo.sk })).status).toBe(200);
  });

  it('lets a member rename the project and replace its settings, but not a viewer', async () => {
    const member = await as('member');
    const res = await call(api.url, 'PATCH', `/v1/projects/${api.demo.project_id}`, {
      token: member,
      body: { name: 'Renamed', settings: { cors_origins: ['https://shop.example'] } },
    });
    expect(res).toMatchObject({ status: 200, body: { name: 'Renamed', settings: { cors_origins: ['https://shop.example'] } } });
    expect((await call(api.url, 'PATCH', `/v1/projects/${api.demo.project_id}`, { token: await as('viewer'), body: { name: 'No' } })).status).toBe(403);
  });

  it('refuses a plan change with 403 to every member and key, owner and admin sk_ included', async () => {
    const path = `/v1/projects/${api.demo.project_id}`;
    await api.storage.config.updateProject(api.demo.project_id, { plan: 'free' });
    const admin = (await createApiKey(api.storage.config, { projectId: api.demo.project_id, kind: 'sk', scopes: ['query', 'read', 'write', 'admin'] })).key;
    for (const caller of [await as('member'), await as('admin'), token, admin]) {
      expect(await call(api.url, 'PATCH', path, { token: caller, body: { plan: 'enterprise' } })).toMatchObject({ status: 403, body: { error: PLAN_REFUSED } });
      expect(await call(api.url, 'PATCH', path, { token: caller, body: { plan: 'pro', name: 'Renamed' } })).toMatchObject({
        status: 403,
        body: { error: PLAN_REFUSED },
      });
    }
    expect(await api.storage.config.getProject(api.demo.project_id)).toMatchObject({ name: 'Demo', plan: 'free' });
  });

  it('accepts the plan the project already has, so that a read-modify-write client keeps working', async () => {
    const path = `/v1/projects/${api.demo.project_id}`;
    await api.storage.config.updateProject(api.demo.project_id, { plan: 'free' });
    expect(await call(api.url, 'PATCH', path, { token: await as('member'), body: { plan: 'free', name: 'Same plan' } })).toMatchObject({
      status: 200,
      body: { name: 'Same plan', plan: 'free' },
    });
  });

  it('answers 400 for an empty patch or an unknown plan', async () => {
    const path = `/v1/projects/${api.demo.project_id}`;
    expect((await call(api.url, 'PATCH', path, { token, body: {} })).status).toBe(400);
    expect((await call(api.url, 'PATCH', path, { token, body: { plan: 'platinum' } })).status).toBe(400);
  });

  it('answers 403 for a project the caller is not a member of, existing or not', async () => {
    const other = await api.storage.config.createProject({ name: 'Other', plan: 'free' });
    expect((await call(api.url, 'GET', `/v1/projects/${other.id}`, { token })).status).toBe(403);
    expect((await call(api.url, 'GET', '/v1/projects/999999', { token })).status).toBe(403);
    expect((await call(api.url, 'GET', '/v1/projects/abc', { token })).status).toBe(403);
  });
});

describe('DELETE /v1/projects/:projectId', () => {
  it('needs the admin scope', async () => {
    expect((await call(api.url, 'DELETE', `/v1/projects/${api.demo.project_id}`, { token: await as('member') })).status).toBe(403);
    expect((await call(api.url, 'DELETE', `/v1/projects/${api.demo.project_id}`, { token: api.demo.sk })).status).toBe(403);
  });

  it('deletes the project with its events, keys and memberships', async () => {
    const admin = (await createApiKey(api.storage.config, { projectId: api.demo.project_id, kind: 'sk', scopes: ['admin'] })).key;
    await call(api.url, 'POST', '/v1/track', { body: { event_name: 'x', device_id: 'd' }, headers: { 'X-API-Key': api.demo.pk } });
    expect((await call(api.url, 'DELETE', `/v1/projects/${api.demo.project_id}`, { token: admin })).status).toBe(204);
    expect(await api.storage.config.getProject(api.demo.project_id)).toBeUndefined();
    expect(await api.storage.config.listApiKeys(api.demo.project_id)).toEqual([]);
    expect(await api.storage.queryEngine.run({ kind: 'events', projectId: api.demo.project_id })).toEqual([]);
    expect((await call(api.url, 'GET', '/v1/projects', { token })).body).toMatchObject({ items: [] });
    expect((await call(api.url, 'GET', `/v1/projects/${api.demo.project_id}`, { token: admin })).status).toBe(401);
  });
});
