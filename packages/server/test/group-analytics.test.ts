import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createTestStorage, databaseAvailable, releaseTestDatabases, selectedDatabases } from '@northstar/adapter-testing';
import { postJson, startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

// Group analytics (issue 16): the browser SDK's group('company', key) makes every later event carry the
// str property `$group.company`, and group(type, key, properties) sends `$groupidentify`. The existing
// query filters and group_by answer per group on that property, in every database.
const databases = selectedDatabases();
const available = new Map(await Promise.all(databases.map(async (kind) => [kind, await databaseAvailable(kind)] as const)));

let api: TestServer | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});
afterAll(() => releaseTestDatabases());

const DAYS = ['2024-04-29', '2024-04-30'];
let n = 0;
/** One event as the browser SDK sends it: uuid, time, device, session, and the super properties in str_properties. */
const sdkEvent = (event_name: string, who: { user_id?: string; device_id: string }, day: string, str: Record<string, string> = {}) => ({
  event_name,
  uuid: `0190a000-0000-7000-8000-${String(++n).padStart(12, '0')}`,
  timestamp: `${day}T10:00:00.000Z`,
  session_id: `0190a000-0000-7000-8000-${who.device_id.padStart(12, '0')}`,
  ...who,
  str_properties: { $lib: 'web', $pathname: '/app', ...str },
  num_properties: { $screen_width: 1280 },
});

describe.each(databases)('group analytics on %s', (kind) => {
  async function start(): Promise<TestServer> {
    api = await startTestServer({ storage: await createTestStorage(kind), clock: () => Date.parse('2024-05-01T00:00:00.000Z') });
    const acme = { '$group.company': 'acme-inc' };
    const globex = { '$group.company': 'globex' };
    const batch = [
      sdkEvent('$groupidentify', { device_id: 'd1' }, DAYS[0]!, { ...acme, $group_type: 'company', $group_key: 'acme-inc', '$group_set.name': 'Acme' }),
      sdkEvent('buy', { user_id: 'u1', device_id: 'd1' }, DAYS[0]!, acme),
      sdkEvent('buy', { user_id: 'u1', device_id: 'd1' }, DAYS[1]!, acme),
      sdkEvent('buy', { device_id: 'd2' }, DAYS[1]!, acme),
      sdkEvent('buy', { user_id: 'u3', device_id: 'd3' }, DAYS[0]!, globex),
      sdkEvent('buy', { user_id: 'u4', device_id: 'd4' }, DAYS[1]!),
    ];
    const res = await postJson(`${api.url}/v1/track`, { batch, sent_at: '2024-04-30T12:00:00.000Z' }, { 'X-API-Key': api.demo.pk });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return api;
  }
  const query = (server: TestServer, body: Record<string, unknown>) =>
    postJson(
      `${server.url}/v1/api/query/events`,
      { project_id: server.demo.project_id, events: [{ name: 'buy' }], date_range: { start: DAYS[0], end: DAYS[1] }, interval: 'day', ...body },
      { Authorization: `Bearer ${server.demo.sk}` },
    );
  const points = (values: number[]) => DAYS.map((date, i) => ({ date, value: values[i] }));

  it.skipIf(!available.get(kind))('filters the events of one group, and of any group', async () => {
    const server = await start();
    const inAcme = [{ property: '$group.company', op: 'eq', value: 'acme-inc' }];
    expect((await query(server, { metric: 'total', filters: inAcme })).body).toMatchObject({ series: [{ event: 'buy', data: points([1, 2]) }] });
    expect((await query(server, { metric: 'uniq', filters: inAcme })).body).toMatchObject({ series: [{ event: 'buy', data: points([1, 2]) }] });
    const inAny = [{ property: '$group.company', op: 'is_set' }];
    expect((await query(server, { metric: 'total', filters: inAny })).body).toMatchObject({ series: [{ event: 'buy', data: points([2, 2]) }] });
  });

  it.skipIf(!available.get(kind))('splits a series per group with group_by, the events of no group as null', async () => {
    const server = await start();
    const res = await query(server, { metric: 'total', group_by: { property: '$group.company' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      series: [
        { event: 'buy', group: 'acme-inc', data: points([1, 2]) },
        { event: 'buy', group: 'globex', data: points([1, 0]) },
        { event: 'buy', group: null, data: points([0, 1]) },
      ],
    });
  });

  it.skipIf(!available.get(kind))('answers on the group properties of $groupidentify', async () => {
    const server = await start();
    const res = await query(server, {
      events: [{ name: '$groupidentify' }],
      metric: 'total',
      filters: [{ property: '$group_type', op: 'eq', value: 'company' }],
      group_by: { property: '$group_set.name' },
    });
    expect(res.body).toMatchObject({ series: [{ event: '$groupidentify', group: 'Acme', data: points([1, 0]) }] });
  });
});
