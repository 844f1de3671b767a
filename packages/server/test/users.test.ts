import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, keyWith, startResourceServer } from './support/document-crud.js';
import { postJson } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

let api: TestServer;
beforeEach(async () => {
  api = await startResourceServer();
});
afterEach(() => api.close());

const users = () => `/v1/projects/${api.demo.project_id}/users`;
const user = (id: string) => `${users()}/${encodeURIComponent(id)}`;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

async function track(event: Record<string, unknown>, projectKey = api.demo.pk): Promise<void> {
  const res = await postJson(`${api.url}/v1/track`, event, { 'X-API-Key': projectKey });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** alice: two events of her own and one of a device linked to her; bob: one event; carol: properties only. */
async function seedPeople(): Promise<void> {
  const projectId = api.demo.project_id;
  await track({ event_name: 'signup', user_id: 'alice', timestamp: minutesAgo(30) });
  await track({ event_name: 'visit', device_id: 'phone-1', timestamp: minutesAgo(20) });
  await api.storage.people.linkDevice(projectId, 'phone-1', 'alice');
  await track({ event_name: 'purchase', user_id: 'alice', timestamp: minutesAgo(10), num_properties: { amount: 30 } });
  await track({ event_name: 'signup', user_id: 'bob', timestamp: minutesAgo(5) });
  await api.storage.people.setUserProperties(projectId, 'alice', { plan: 'pro', seats: 3 });
  await api.storage.people.setUserProperties(projectId, 'carol', { plan: 'free' });
}

describe('tracked users', () => {
  it('lists users in order of their id, in pages joined by `next`', async () => {
    await seedPeople();
    const first = await call(api, 'GET', `${users()}?limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.items.map((item) => item.user_id)).toEqual(['alice', 'bob']);
    expect(first.body.items[0]).toMatchObject({ user_id: 'alice', properties: { plan: 'pro', seats: 3 } });
    const second = await call(api, 'GET', `${users()}?limit=2&after=${String(first.body.next)}`);
    expect(second.body).toMatchObject({ items: [{ user_id: 'carol' }], next: null });
  });

  it("answers a user's properties and last event time, and 404 for an unknown user", async () => {
    await seedPeople();
    expect((await call(api, 'GET', user('alice'))).body).toEqual({ user_id: 'alice', properties: { plan: 'pro', seats: 3 }, last_seen: expect.any(String) });
    expect((await call(api, 'GET', user('carol'))).body).toEqual({ user_id: 'carol', properties: { plan: 'free' }, last_seen: null });
    expect(await call(api, 'GET', user('nobody'))).toMatchObject({ status: 404, body: { error: 'No user nobody in this project' } });
  });

  it("lists a user's events and those of its linked devices, newest first, with a cursor", async () => {
    await seedPeople();
    const first = await call(api, 'GET', `${user('alice')}/events?limit=2`);
    expect(first.body.items.map((event) => event.event_name)).toEqual(['purchase', 'visit']);
    expect(first.body.items[0]).toMatchObject({
      uuid: expect.any(String),
      user_id: 'alice',
      num_properties: { amount: 30 },
      timestamp: expect.stringMatching(/Z$/),
    });
    const second = await call(api, 'GET', `${user('alice')}/events?limit=2&before=${String(first.body.next)}`);
    expect(second.body).toMatchObject({ items: [{ event_name: 'signup' }], next: null });
    expect((await call(api, 'GET', `${user('nobody')}/events`)).status).toBe(404);
    expect((await call(api, 'GET', `${user('alice')}/events?before=garbage`)).status).toBe(400);
  });

  it('keeps the users of other projects out of sight', async () => {
    const other = await api.storage.config.createProject({ name: 'Other', plan: 'enterprise' });
    await api.storage.people.setUserProperties(other.id, 'mallory', { plan: 'pro' });
    expect((await call(api, 'GET', user('mallory'))).status).toBe(404);
    expect((await call(api, 'GET', users())).body.items).toEqual([]);
  });

  it('takes user ids with slashes, spaces and any script, URL-encoded', async () => {
    const id = 'team/ünïcødé user';
    await track({ event_name: 'signup', user_id: id });
    expect((await call(api, 'GET', user(id))).body).toMatchObject({ user_id: id });
  });

  it("erases a user (GDPR): its events, its linked devices' events, properties and links; idempotent", async () => {
    await seedPeople();
    const erased = await call(api, 'DELETE', user('alice'));
    expect(erased).toMatchObject({ status: 200, body: { user_id: 'alice', deleted: { events: 3 } } });
    expect((await call(api, 'GET', user('alice'))).status).toBe(404);
    expect((await call(api, 'GET', users())).body.items.map((item) => item.user_id)).toEqual(['bob', 'carol']);
    expect(await api.storage.queryEngine.run({ kind: 'events', projectId: api.demo.project_id, deviceId: 'phone-1' })).toEqual([]);
    expect((await call(api, 'GET', `${user('bob')}/events`)).body.items).toHaveLength(1);
    expect((await call(api, 'DELETE', user('alice'))).body).toMatchObject({ deleted: { events: 0 } });
  });

  it('lets only an admin-scope key erase a user (403 for write and read), and read-scope keys read', async () => {
    await seedPeople();
    for (const scopes of [['write'], ['read'], ['query', 'read', 'write']] as const) {
      expect((await call(api, 'DELETE', user('alice'), undefined, await keyWith(api, [...scopes]))).status, scopes.join()).toBe(403);
    }
    const reader = await keyWith(api, ['read']);
    expect((await call(api, 'GET', user('alice'), undefined, reader)).status).toBe(200);
    expect((await call(api, 'GET', `${user('alice')}/events`, undefined, await keyWith(api, ['query']))).status).toBe(403);
    expect((await call(api, 'DELETE', user('alice'), undefined, await keyWith(api, ['admin']))).status).toBe(200);
  });

  it('answers 400 to an invalid page request', async () => {
    expect((await call(api, 'GET', `${users()}?limit=1000`)).status).toBe(400);
    expect((await call(api, 'GET', `${users()}?after=`)).status).toBe(400);
  });
});
