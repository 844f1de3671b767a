import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiKey } from '@northstar/server';
import type { AccountRecord, MemberRole } from '@northstar/server';
import { PASSWORD, addAccount, call, login, startAuthServer } from './support/accounts.js';
import type { TestServer } from './support/test-server.js';

let api: TestServer;
let members: string;
beforeEach(async () => {
  api = await startAuthServer();
  members = `/v1/projects/${api.demo.project_id}/members`;
});
afterEach(() => api.close());

/** An account with `role` in the demo project, signed in. */
async function member(
  role: MemberRole,
  email = `${role}-${Math.random().toString(36).slice(2)}@example.com`,
): Promise<{ account: AccountRecord; token: string }> {
  const account = await addAccount(api.storage, email, { projectId: api.demo.project_id, role });
  return { account, token: (await login(api.url, email)).accessToken };
}

describe('GET /v1/projects/:projectId/members', () => {
  it('lists members with email, name and role to an admin', async () => {
    const owner = await member('owner', 'owner@example.com');
    await member('viewer', 'viewer@example.com');
    expect(await call(api.url, 'GET', members, { token: owner.token })).toMatchObject({
      status: 200,
      body: {
        items: [
          { account_id: owner.account.id, email: 'owner@example.com', name: null, role: 'owner', created_at: expect.any(String) },
          { email: 'viewer@example.com', role: 'viewer' },
        ],
      },
    });
  });

  it('answers 403 to a member without the admin scope', async () => {
    expect((await call(api.url, 'GET', members, { token: (await member('member')).token })).status).toBe(403);
  });
});

describe('POST /v1/projects/:projectId/members', () => {
  it('adds an existing account by email, in any case', async () => {
    const admin = await member('admin');
    await addAccount(api.storage, 'Grace@Example.com');
    const res = await call(api.url, 'POST', members, { token: admin.token, body: { email: 'grace@example.com', role: 'member' } });
    expect(res).toMatchObject({ status: 201, body: { email: 'Grace@Example.com', role: 'member' } });
  });

  it('creates the account first when given a password, which then signs in', async () => {
    const admin = await member('admin');
    const res = await call(api.url, 'POST', members, {
      token: admin.token,
      body: { email: 'new@example.com', role: 'viewer', password: PASSWORD, name: 'New' },
    });
    expect(res).toMatchObject({ status: 201, body: { email: 'new@example.com', name: 'New', role: 'viewer' } });
    const { accessToken } = await login(api.url, 'new@example.com');
    expect((await call(api.url, 'GET', `/v1/projects/${api.demo.project_id}`, { token: accessToken })).status).toBe(200);
  });

  it('answers 404 for an unknown email without a password', async () => {
    const admin = await member('admin');
    expect((await call(api.url, 'POST', members, { token: admin.token, body: { email: 'nobody@example.com', role: 'viewer' } })).status).toBe(404);
  });

  it('answers 409 for an email that has an account, when creating one, and for an existing member', async () => {
    const admin = await member('admin');
    const viewer = await member('viewer');
    expect(
      await call(api.url, 'POST', members, { token: admin.token, body: { email: viewer.account.email, role: 'viewer', password: PASSWORD } }),
    ).toMatchObject({
      status: 409,
      body: { error: 'An account with this email already exists' },
    });
    expect(await call(api.url, 'POST', members, { token: admin.token, body: { email: viewer.account.email, role: 'member' } })).toMatchObject({
      status: 409,
      body: { error: 'This account is already a member of the project' },
    });
  });

  it('lets only an owner add an owner', async () => {
    await addAccount(api.storage, 'next-owner@example.com');
    const body = { email: 'next-owner@example.com', role: 'owner' };
    expect(await call(api.url, 'POST', members, { token: (await member('admin')).token, body })).toMatchObject({
      status: 403,
      body: { error: 'Only an owner may grant the owner role' },
    });
    expect((await call(api.url, 'POST', members, { token: api.demo.sk, body })).status).toBe(403);
    expect((await call(api.url, 'POST', members, { token: (await member('owner')).token, body })).status).toBe(201);
  });

  it('answers 400 for an unknown role or a short password', async () => {
    const admin = await member('admin');
    expect((await call(api.url, 'POST', members, { token: admin.token, body: { email: 'x@example.com', role: 'root' } })).status).toBe(400);
    expect((await call(api.url, 'POST', members, { token: admin.token, body: { email: 'x@example.com', role: 'viewer', password: 'short' } })).status).toBe(
      400,
    );
  });
});

describe('PATCH /v1/projects/:projectId/members/:accountId', () => {
  it("changes a member's role", async () => {
    const admin = await member('admin');
    const viewer = await member('viewer');
    expect(await call(api.url, 'PATCH', `${members}/${viewer.account.id}`, { token: admin.token, body: { role: 'member' } })).toMatchObject({
      status: 200,
      body: { role: 'member' },
    });
    expect((await api.storage.config.getMembership(viewer.account.id, api.demo.project_id))?.role).toBe('member');
  });

  it('lets only an owner promote to owner or demote an owner, and an admin key neither', async () => {
    const owner = await member('owner');
    const other = await member('owner');
    const admin = await member('admin');
    const adminKey = (await createApiKey(api.storage.config, { projectId: api.demo.project_id, kind: 'sk', scopes: ['admin'] })).key;
    expect(await call(api.url, 'PATCH', `${members}/${admin.account.id}`, { token: admin.token, body: { role: 'owner' } })).toMatchObject({
      status: 403,
      body: { error: 'Only an owner may grant the owner role' },
    });
    expect(await call(api.url, 'PATCH', `${members}/${other.account.id}`, { token: admin.token, body: { role: 'viewer' } })).toMatchObject({
      status: 403,
      body: { error: 'Only an owner may demote an owner' },
    });
    expect((await call(api.url, 'PATCH', `${members}/${other.account.id}`, { token: adminKey, body: { role: 'viewer' } })).status).toBe(403);
    expect((await call(api.url, 'PATCH', `${members}/${other.account.id}`, { token: owner.token, body: { role: 'admin' } })).status).toBe(200);
  });

  it('keeps the last owner', async () => {
    const owner = await member('owner');
    expect(await call(api.url, 'PATCH', `${members}/${owner.account.id}`, { token: owner.token, body: { role: 'admin' } })).toMatchObject({
      status: 409,
      body: { error: 'A project needs at least one owner: make another member owner first' },
    });
  });

  it('answers 404 for an account that is not a member', async () => {
    const admin = await member('admin');
    const outsider = await addAccount(api.storage, 'outsider@example.com');
    expect((await call(api.url, 'PATCH', `${members}/${outsider.id}`, { token: admin.token, body: { role: 'viewer' } })).status).toBe(404);
    expect((await call(api.url, 'PATCH', `${members}/nope`, { token: admin.token, body: { role: 'viewer' } })).status).toBe(404);
  });
});

describe('DELETE /v1/projects/:projectId/members/:accountId', () => {
  it('removes a member, whose token then has no access (403)', async () => {
    const admin = await member('admin');
    const viewer = await member('viewer');
    expect((await call(api.url, 'DELETE', `${members}/${viewer.account.id}`, { token: admin.token })).status).toBe(204);
    expect((await call(api.url, 'GET', `/v1/projects/${api.demo.project_id}`, { token: viewer.token })).status).toBe(403);
    expect((await call(api.url, 'DELETE', `${members}/${viewer.account.id}`, { token: admin.token })).status).toBe(404);
  });

  it('lets only an owner remove an owner, and never the last one', async () => {
    const owner = await member('owner');
    const second = await member('owner');
    const admin = await member('admin');
    expect(await call(api.url, 'DELETE', `${members}/${second.account.id}`, { token: admin.token })).toMatchObject({
      status: 403,
      body: { error: 'Only an owner may remove an owner' },
    });
    expect((await call(api.url, 'DELETE', `${members}/${second.account.id}`, { token: owner.token })).status).toBe(204);
    expect((await call(api.url, 'DELETE', `${members}/${owner.account.id}`, { token: owner.token })).status).toBe(409);
  });
});
