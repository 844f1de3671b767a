import { describe, expect, it } from 'vitest';
import { createApiKey } from '@northstar/server';
import { addAccount, login } from './support/accounts.js';
import { availableDatabases, embedDatabases, segmentation, useEmbedServer } from './support/embeds.js';

const start = useEmbedServer();

describe.each(embedDatabases)('embed tokens on %s', (kind) => {
  const runs = availableDatabases.get(kind) ?? false;
  const widgets = [
    { id: 'signups', title: 'Signups', type: 'line', query: segmentation('signup') },
    { id: 'orders', title: 'Orders', type: 'bar', query: segmentation('order') },
  ];

  it.skipIf(!runs)('mints a token for a dashboard: 201 with the token and its path, shown this once, never cached', async () => {
    const f = await start(kind);
    const dashboardId = await f.dashboard({ name: 'Growth', widgets });
    const res = await f.call('POST', `/v1/projects/${f.projectId}/embeds`, { token: f.admin, body: { dashboard_id: dashboardId } });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = res.body as Record<string, unknown>;
    expect(body).toMatchObject({
      id: expect.any(Number),
      project_id: f.projectId,
      object: 'dashboard',
      dashboard_id: dashboardId,
      widget_id: null,
      created_by: { kind: 'api_key', id: expect.any(Number) },
      revoked_at: null,
      token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
    });
    expect(body.path).toBe(`/v1/embed/${String(body.token)}`);
    // 30 days by default.
    expect(Date.parse(String(body.expires_at)) - Date.parse(String(body.created_at))).toBeGreaterThan(30 * 86_400_000 - 2_000);
    expect(Date.parse(String(body.expires_at)) - Date.parse(String(body.created_at))).toBeLessThanOrEqual(30 * 86_400_000);
  });

  it.skipIf(!runs)('mints a token for one widget, recording the signed-in admin who made it', async () => {
    const f = await start(kind);
    const dashboardId = await f.dashboard({ name: 'Growth', widgets });
    const account = await addAccount(f.api.storage, 'admin@example.com', { projectId: f.projectId, role: 'admin' });
    const { accessToken } = await login(f.api.url, 'admin@example.com');
    const res = await f.call('POST', `/v1/projects/${f.projectId}/embeds`, {
      token: accessToken,
      body: { dashboard_id: dashboardId, widget_id: 'orders', expires_in: 3600 },
    });
    expect(res).toMatchObject({ status: 201, body: { object: 'widget', widget_id: 'orders', created_by: { kind: 'account', id: account.id } } });
  });

  it.skipIf(!runs)('needs the admin scope: 403 for a member without admin and for a secret key without it', async () => {
    const f = await start(kind);
    const dashboardId = await f.dashboard({ name: 'Growth', widgets });
    const body = { dashboard_id: dashboardId };
    await addAccount(f.api.storage, 'member@example.com', { projectId: f.projectId, role: 'member' });
    const member = (await login(f.api.url, 'member@example.com')).accessToken;
    const write = (await createApiKey(f.api.storage.config, { projectId: f.projectId, kind: 'sk', scopes: ['query', 'read', 'write'] })).key;
    const path = `/v1/projects/${f.projectId}/embeds`;
    expect((await f.call('POST', path, { token: member, body })).status).toBe(403);
    expect((await f.call('POST', path, { token: write, body })).status).toBe(403);
    expect((await f.call('GET', path, { token: write })).status).toBe(403);
    expect((await f.call('POST', path, { body })).status).toBe(401);
  });

  it.skipIf(!runs)("answers 404 for another project's dashboard, an unknown one or an unknown widget, 400 for a bad lifetime", async () => {
    const f = await start(kind);
    const dashboardId = await f.dashboard({ name: 'Growth', widgets });
    const other = await f.api.storage.config.createProject({ name: 'Other', plan: 'enterprise' });
    const otherAdmin = (await createApiKey(f.api.storage.config, { projectId: other.id, kind: 'sk', scopes: ['admin'] })).key;
    const theirs = await f.dashboard({ name: 'Theirs', widgets }, otherAdmin, other.id);
    const path = `/v1/projects/${f.projectId}/embeds`;
    const mint = (body: unknown) => f.call('POST', path, { token: f.admin, body });
    expect(await mint({ dashboard_id: theirs })).toMatchObject({ status: 404, body: { error: `No dashboard ${theirs} in this project` } });
    expect(await mint({ dashboard_id: 999_999 })).toMatchObject({ status: 404 });
    expect(await mint({ dashboard_id: dashboardId, widget_id: 'nope' })).toMatchObject({
      status: 404,
      body: { error: `No widget nope on dashboard ${dashboardId}` },
    });
    expect(await mint({ dashboard_id: dashboardId, expires_in: 59 })).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining('expires_in must be at least 60') },
    });
    expect(await mint({ dashboard_id: dashboardId, expires_in: 366 * 86_400 })).toMatchObject({ status: 400 });
    expect(await mint({ dashboard_id: 'one' })).toMatchObject({ status: 400 });
  });

  it.skipIf(!runs)('lists token records without the tokens, revokes one (idempotent), and drops the records of a deleted dashboard', async () => {
    const f = await start(kind);
    const dashboardId = await f.dashboard({ name: 'Growth', widgets });
    const first = await f.mint({ dashboard_id: dashboardId });
    const second = await f.mint({ dashboard_id: dashboardId, widget_id: 'signups' });
    const path = `/v1/projects/${f.projectId}/embeds`;

    expect((await f.call('DELETE', `${path}/${first.id}`, { token: f.admin })).status).toBe(204);
    expect((await f.call('DELETE', `${path}/${first.id}`, { token: f.admin })).status).toBe(204);
    expect((await f.call('DELETE', `${path}/999999`, { token: f.admin })).status).toBe(404);
    const listed = await f.call('GET', path, { token: f.admin });
    expect(listed.status).toBe(200);
    const items = (listed.body as { items: Record<string, unknown>[]; next: null }).items;
    const revoked = (item: Record<string, unknown>) => typeof item.revoked_at === 'string';
    expect(items.map((item) => [item.id, item.object, revoked(item)])).toEqual([
      [first.id, 'dashboard', true],
      [second.id, 'widget', false],
    ]);
    expect(listed.text).not.toContain(first.token);
    expect(items[0]).not.toHaveProperty('token');

    expect((await f.call('DELETE', `/v1/projects/${f.projectId}/dashboards/${dashboardId}`, { token: f.admin })).status).toBe(204);
    expect((await f.call('GET', path, { token: f.admin })).body).toEqual({ items: [], next: null });
  });
});
