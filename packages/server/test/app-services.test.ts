import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { createAccount, createNorthstarApp } from '@northstar/server/app';
import type { NorthstarApp } from '@northstar/server/app';
import { FAST_SCRYPT, PASSWORD, TEST_JWT_SECRET } from './support/accounts.js';

const NOW = Date.parse('2026-01-15T12:00:00.000Z');

/** An app over memory storage, with no router anywhere: what a worker process holds. */
function appWithoutRouter(): { app: NorthstarApp; storage: ReturnType<typeof createMemoryStorage> } {
  const storage = createMemoryStorage();
  return { app: createNorthstarApp({ storage, jwtSecret: TEST_JWT_SECRET, passwordHashCost: FAST_SCRYPT, clock: () => NOW }), storage };
}

async function projectOfNewAccount(app: NorthstarApp) {
  const account = await createAccount(app.config, { email: 'owner@example.com', password: PASSWORD }, FAST_SCRYPT);
  const created = await app.services.projects.create(account.id, { name: 'Shop' });
  return { accountId: account.id, projectId: created.project.id, created };
}

describe('the services of an app without a router', () => {
  it('create a project with its owner and first SDK key, and more keys', async () => {
    const { app } = appWithoutRouter();
    const { accountId, projectId, created } = await projectOfNewAccount(app);
    expect(created.project).toMatchObject({ name: 'Shop', plan: 'enterprise', role: 'owner' });
    expect(created.api_key).toMatchObject({ kind: 'pk', name: 'Default SDK key' });
    expect(await app.authenticateSdkKey(created.api_key.key)).toMatchObject({ project_id: projectId });
    const secret = await app.services.apiKeys.create(projectId, { kind: 'sk', scopes: ['read', 'query'], name: 'CI' });
    expect(secret).toMatchObject({ kind: 'sk', scopes: ['read', 'query'], name: 'CI' });
    expect((await app.services.apiKeys.list(projectId)).items.map((key) => key.kind)).toEqual(['pk', 'sk']);
    expect((await app.services.projects.listForAccount(accountId, { limit: 50 })).items).toMatchObject([{ id: projectId, role: 'owner' }]);
    expect((await app.services.members.list(projectId)).items).toMatchObject([{ account_id: accountId, role: 'owner' }]);
    await app.close();
  });

  it('track events, identify a user and run a query over them', async () => {
    const { app } = appWithoutRouter();
    const { projectId } = await projectOfNewAccount(app);
    const at = '2026-01-15T10:00:00.000Z';
    const tracked = await app.services.tracking.track(projectId, {
      batch: [
        { event_name: 'signup', user_id: 'alice', timestamp: at },
        { event_name: 'signup', user_id: 'bob', timestamp: at },
        { event_name: 'signup', timestamp: at },
      ],
    });
    expect(tracked).toEqual({ accepted: 2, rejected: [{ index: 2, error: expect.any(String) as string }] });
    await app.services.identify.identify(projectId, { device_id: 'phone-1', user_id: 'alice', user_properties: { plan: 'pro' } });
    const result = await app.services.queries.events({
      project_id: projectId,
      events: [{ name: 'signup' }],
      metric: 'total',
      interval: 'day',
      date_range: { start: '2026-01-15', end: '2026-01-15' },
    });
    expect(result.series).toEqual([{ event: 'signup', data: [{ date: '2026-01-15', value: 2 }] }]);
    expect(await app.services.users.get(projectId, 'alice')).toMatchObject({ user_id: 'alice', properties: { plan: 'pro' } });
    await app.close();
  });

  it('erase a user (GDPR): its events, links and properties', async () => {
    const { app } = appWithoutRouter();
    const { projectId } = await projectOfNewAccount(app);
    await app.services.tracking.track(projectId, { event_name: 'signup', user_id: 'alice', timestamp: '2026-01-15T10:00:00.000Z' });
    await app.services.tracking.track(projectId, { event_name: 'signup', user_id: 'bob', timestamp: '2026-01-15T10:00:00.000Z' });
    const erased = await app.services.users.remove(projectId, 'alice');
    expect(erased.user_id).toBe('alice');
    expect(erased.deleted.events).toBe(1);
    await expect(app.services.users.get(projectId, 'alice')).rejects.toThrow(/No user alice/);
    expect((await app.services.users.list(projectId, { limit: 50 })).items.map((user) => user.user_id)).toEqual(['bob']);
    await app.close();
  });

  it('keep configuration documents and sign accounts in', async () => {
    const { app } = appWithoutRouter();
    const { projectId, accountId } = await projectOfNewAccount(app);
    const dashboards = app.services.documents.dashboards;
    const created = await dashboards.create(projectId, { fields: { name: 'Growth', widgets: [] }, version: undefined });
    expect(created).toMatchObject({ version: 1, body: { name: 'Growth', project_id: projectId } });
    expect((await dashboards.list(projectId, { limit: 50 })).items).toHaveLength(1);
    const session = await app.services.auth.login('owner@example.com', PASSWORD);
    expect(session.tokens).toMatchObject({ token_type: 'Bearer', account: { id: accountId } });
    expect(await app.verifyAccessToken(session.tokens.access_token)).toMatchObject({ accountId });
    const renewed = await app.services.auth.refresh(session.refreshToken);
    expect(renewed.refreshToken).not.toBe(session.refreshToken);
    expect((await app.services.auth.me(accountId)).memberships).toEqual([{ project_id: projectId, role: 'owner' }]);
    await app.close();
  });

  it('delete a project with its events', async () => {
    const { app, storage } = appWithoutRouter();
    const { projectId } = await projectOfNewAccount(app);
    const { accepted } = await app.services.tracking.track(projectId, {
      uuid: '0190a0a0-0000-7000-8000-000000000009',
      event_name: 'signup',
      user_id: 'alice',
      timestamp: '2026-01-15T10:00:00.000Z',
    });
    expect(accepted).toBe(1);
    await app.services.projects.remove(projectId);
    expect(await storage.config.getProject(projectId)).toBeUndefined();
    expect(await storage.eventLog.getEvent(projectId, '0190a0a0-0000-7000-8000-000000000009')).toBeUndefined();
    await app.close();
  });
});
