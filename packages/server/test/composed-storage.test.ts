import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createTestStorage, createTwoPortStorage, databaseAvailable, releaseTestDatabases, selectedDatabases } from '@northstar/adapter-testing';
import { composeStorage } from '@northstar/server';
import { call, startResourceServer } from './support/document-crud.js';
import { postJson } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

// Events and queries in an adapter of only those two ports (the shape of a columnar engine), configuration,
// people and replays in SQL: SQLite, and MariaDB when NORTHSTAR_DBS names mysql.
const databases = selectedDatabases().filter((kind) => kind !== 'memory');
const available = new Map(await Promise.all(databases.map(async (kind) => [kind, await databaseAvailable(kind)] as const)));

let api: TestServer | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});
afterAll(() => releaseTestDatabases());

describe.each(databases)('the two-port test adapter composed with %s behind the router', (kind) => {
  async function start() {
    const events = createTwoPortStorage();
    const sql = await createTestStorage(kind);
    api = await startResourceServer({ storage: composeStorage(sql, { eventLog: events, queryEngine: events }) });
    return { api, events, sql };
  }
  const day = new Date().toISOString().slice(0, 10);
  const track = async (server: TestServer, event: Record<string, unknown>) => {
    const res = await postJson(`${server.url}/v1/track`, event, { 'X-API-Key': server.demo.pk });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const query = (server: TestServer) =>
    postJson(
      `${server.url}/v1/api/query/events`,
      { project_id: server.demo.project_id, events: [{ name: 'signup' }], metric: 'total', date_range: { start: day, end: day }, interval: 'day' },
      { Authorization: `Bearer ${server.demo.sk}` },
    );

  it.skipIf(!available.get(kind))('stores tracked events in the test adapter and answers queries from it', async () => {
    const { api: server, events } = await start();
    await track(server, { event_name: 'signup', user_id: 'alice' });
    await track(server, { event_name: 'signup', device_id: 'phone-1' });
    expect((await events.queryEngine.run({ kind: 'events', projectId: server.demo.project_id })).map((event) => event.event_name)).toEqual([
      'signup',
      'signup',
    ]);
    expect((await query(server)).body).toMatchObject({ series: [{ event: 'signup', data: [{ date: day, value: 2 }] }] });
  });

  it.skipIf(!available.get(kind))(
    "erases a user through the API: its events and its devices' anonymous ones leave the test adapter, its links and properties the SQL store",
    async () => {
      const { api: server, events, sql } = await start();
      const projectId = server.demo.project_id;
      await track(server, { event_name: 'signup', device_id: 'phone-1' });
      const identified = await postJson(
        `${server.url}/v1/identify`,
        { device_id: 'phone-1', user_id: 'alice', user_properties: { plan: 'pro' } },
        { 'X-API-Key': server.demo.pk },
      );
      expect(identified.status).toBe(200);
      await track(server, { event_name: 'signup', user_id: 'alice' });
      await track(server, { event_name: 'signup', user_id: 'bob' });

      const erased = await call(server, 'DELETE', `/v1/projects/${projectId}/users/alice`);
      expect(erased).toMatchObject({ status: 200, body: { user_id: 'alice', deleted: { events: 3 } } });
      expect((await events.queryEngine.run({ kind: 'events', projectId })).map((event) => event.user_id)).toEqual(['bob']);
      expect(await sql.people.linkedDevices(projectId, 'alice')).toEqual([]);
      expect(await sql.people.getUserProperties(projectId, 'alice')).toEqual({});
      expect((await query(server)).body).toMatchObject({ series: [{ event: 'signup', data: [{ date: day, value: 1 }] }] });
    },
  );

  it.skipIf(!available.get(kind))("deletes a project's events from the test adapter and its configuration from the SQL store", async () => {
    const { api: server, events, sql } = await start();
    const projectId = server.demo.project_id;
    await track(server, { event_name: 'signup', user_id: 'alice' });
    expect((await call(server, 'DELETE', `/v1/projects/${projectId}`)).status).toBe(204);
    expect(await events.queryEngine.run({ kind: 'events', projectId })).toEqual([]);
    expect(await sql.config.getProject(projectId)).toBeUndefined();
  });
});
