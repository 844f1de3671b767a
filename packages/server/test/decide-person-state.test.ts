import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createTestStorage, databaseAvailable, releaseTestDatabases, selectedDatabases } from '@northstar/adapter-testing';
import type { JsonObject } from '@northstar/server';
import { postJson, startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

// What decide remembers of a person — the guides they closed, the checklist items they did — on every
// database of NORTHSTAR_DBS (memory and SQLite by default; MariaDB when it names mysql).
const databases = selectedDatabases();
const available = new Map(await Promise.all(databases.map(async (kind) => [kind, await databaseAvailable(kind)] as const)));
afterAll(() => releaseTestDatabases());

let api: TestServer | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

/** A fresh MariaDB database per test takes seconds on the shared cores. */
const TIMEOUT = 60_000;

const CHECKLIST: JsonObject = {
  name: 'Get started',
  type: 'checklist',
  status: 'active',
  items: [
    { key: 'profile', title: 'Fill in your profile' },
    { key: 'app', title: 'Connect an app', event: 'app_connected' },
    { key: 'invite', title: 'Invite a teammate', event: 'teammate_invited' },
  ],
};

describe.each(databases)('the guide state decide keeps per person, on %s', (kind) => {
  async function start(): Promise<TestServer> {
    api = await startTestServer({ storage: await createTestStorage(kind) });
    return api;
  }
  const key = (server: TestServer) => ({ 'X-API-Key': server.demo.pk });
  const track = async (server: TestServer, batch: JsonObject[]) => {
    const res = await postJson(`${server.url}/v1/track`, { batch }, key(server));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const guides = async (server: TestServer, query: Record<string, string>) => {
    const res = await fetch(`${server.url}/v1/decide/guides?${new URLSearchParams(query).toString()}`, { headers: key(server) });
    expect(res.status).toBe(200);
    return ((await res.json()) as { guides: JsonObject[] }).guides;
  };
  const create = async (server: TestServer, data: JsonObject) =>
    (await server.storage.config.createDocument({ project_id: server.demo.project_id, kind: 'guide', key: null, data })).id;

  it.skipIf(!available.get(kind))(
    'never offers a guide again once the person dismissed or completed it, on any of their devices; seeing it closes nothing',
    async () => {
      const server = await start();
      const modal = { type: 'modal', status: 'active', body: 'Hi' };
      const [dismissed, completed, seen] = [
        await create(server, { ...modal, name: 'a' }),
        await create(server, { ...modal, name: 'b' }),
        await create(server, { ...modal, name: 'c' }),
      ];
      await postJson(`${server.url}/v1/identify`, { device_id: 'laptop', user_id: 'ada' }, key(server));
      await track(server, [
        { event_name: '$guide_shown', device_id: 'laptop', str_properties: { guide_id: String(seen) }, num_properties: { step: 1 } },
        { event_name: '$guide_dismissed', device_id: 'laptop', str_properties: { guide_id: String(dismissed), reason: 'escape' } },
        { event_name: '$guide_completed', device_id: 'laptop', user_id: 'ada', str_properties: { guide_id: String(completed) } },
      ]);
      const ids = async (query: Record<string, string>) => (await guides(server, query)).map((guide) => guide.id);
      expect(await ids({ device_id: 'laptop', user_id: 'ada' })).toEqual([seen]);
      // A new device of the same user: the user's events count.
      expect(await ids({ device_id: 'phone', user_id: 'ada' })).toEqual([seen]);
      // Someone else sees them all.
      expect(await ids({ device_id: 'other' })).toEqual([dismissed, completed, seen]);
    },
    TIMEOUT,
  );

  it.skipIf(!available.get(kind))(
    'answers a checklist with the items whose event the person tracked, on any of their devices',
    async () => {
      const server = await start();
      const id = await create(server, CHECKLIST);
      const { status: _status, ...content } = CHECKLIST;
      expect(await guides(server, { device_id: 'laptop', user_id: 'ada' })).toEqual([{ id, ...content, completed_items: [] }]);
      await postJson(`${server.url}/v1/identify`, { device_id: 'laptop', user_id: 'ada' }, key(server));
      await track(server, [
        { event_name: 'app_connected', device_id: 'laptop' },
        { event_name: 'profile_saved', device_id: 'laptop' },
        { event_name: 'teammate_invited', device_id: 'someone-else' },
      ]);
      const [onPhone] = await guides(server, { device_id: 'phone', user_id: 'ada' });
      expect(onPhone?.completed_items).toEqual(['app']);
      const [forSomeoneElse] = await guides(server, { device_id: 'someone-else' });
      expect(forSomeoneElse?.completed_items).toEqual(['invite']);
    },
    TIMEOUT,
  );

  it.skipIf(!available.get(kind))(
    'reads no events for checklists when no item names one',
    async () => {
      const server = await start();
      const id = await create(server, { ...CHECKLIST, items: [{ key: 'profile', title: 'Fill in your profile' }] });
      const [checklist] = await guides(server, { device_id: 'laptop' });
      expect(checklist).toMatchObject({ id, type: 'checklist' });
      expect(checklist).not.toHaveProperty('completed_items');
    },
    TIMEOUT,
  );
});
