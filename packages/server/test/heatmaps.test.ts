import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createTestStorage, databaseAvailable, releaseTestDatabases, selectedDatabases } from '@northstar/adapter-testing';
import { createApiKey } from '@northstar/server';
import { FAST_SCRYPT, TEST_JWT_SECRET, addAccount, login } from './support/accounts.js';
import { postJson, startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

// Through HTTP on every database of NORTHSTAR_DBS (memory and SQLite by default; MariaDB when it names mysql).
const databases = selectedDatabases();
const available = new Map(await Promise.all(databases.map(async (kind) => [kind, await databaseAvailable(kind)] as const)));
afterAll(() => releaseTestDatabases());

let api: TestServer | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const DAY = '2024-05-02';

/** A `$heatmap` event as the browser plugin sends it. */
function heatmapEvent(path: string, viewportWidth: number, payload: object, device = 'd1') {
  return {
    event_name: '$heatmap',
    device_id: device,
    timestamp: `${DAY}T10:00:00.000Z`,
    str_properties: { $pathname: path, $heatmap: JSON.stringify(payload) },
    num_properties: { $heatmap_width: viewportWidth },
  };
}

describe.each(databases)('POST /v1/api/query/heatmaps on %s', (kind) => {
  async function start(): Promise<TestServer> {
    const storage = await createTestStorage(kind);
    api = await startTestServer({ storage, jwtSecret: TEST_JWT_SECRET, passwordHashCost: FAST_SCRYPT, clock: () => Date.parse('2024-05-04T00:00:00.000Z') });
    return api;
  }
  const track = async (server: TestServer, batch: object[]) => {
    const res = await postJson(`${server.url}/v1/track`, { batch }, { 'X-API-Key': server.demo.pk });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const heatmap = (
    server: TestServer,
    body: object,
    headers: Record<string, string> = { Authorization: `Bearer ${server.demo.sk}` },
    path = '/v1/api/query/heatmaps',
  ) =>
    postJson(
      `${server.url}${path}`,
      { project_id: server.demo.project_id, url: '/products/*', width: 1280, date_range: { start: DAY, end: DAY }, ...body },
      headers,
    );

  it.skipIf(!available.get(kind))('answers the clicks, scroll reach and attention of a page recorded at two widths, clicks on the same elements', async () => {
    const server = await start();
    // One product page seen on a desktop (1280 px) and on a phone (390 px): the layout differs, the elements are the same.
    await track(server, [
      heatmapEvent('/products/1', 1280, {
        v: 1,
        c: [
          ['#buy', 0.5, 0.5],
          ['#buy', 0.519, 0.5],
          ['nav > a.home', 0.1, 0.9],
        ],
        a: [3000, 1000],
      }),
      heatmapEvent('/products/2', 1280, { v: 1, c: [['#buy', 0.9, 0.1]], s: 0.5 }, 'd2'),
      heatmapEvent('/products/1', 1280, { v: 1, s: 1 }),
      heatmapEvent(
        '/products/1',
        390,
        {
          v: 1,
          c: [
            ['#buy', 0.2, 0.7],
            ['nav > a.home', 0.5, 0.5],
          ],
          s: 0.25,
          a: [500],
        },
        'd3',
      ),
      heatmapEvent('/about', 1280, { v: 1, c: [['#buy', 0.5, 0.5]] }),
      { event_name: 'view', device_id: 'd1', timestamp: `${DAY}T10:00:00.000Z`, str_properties: { $pathname: '/products/1' } },
    ]);

    const desktop = await heatmap(server, {});
    expect(desktop.status, JSON.stringify(desktop.body)).toBe(200);
    const body = desktop.body as {
      width: number;
      clicks: { grid: number; total: number; cells: unknown[] };
      scroll: { page_views: number; reach: { depth: number; page_views: number; share: number }[] };
      attention: { total_ms: number; bands: { band: number; start: number; end: number; ms: number; share: number }[] };
    };
    expect(body.width).toBe(1200);
    expect(body.clicks).toEqual({
      grid: 50,
      total: 4,
      cells: [
        { selector: '#buy', x: 0.51, y: 0.51, count: 2 },
        { selector: '#buy', x: 0.91, y: 0.11, count: 1 },
        { selector: 'nav > a.home', x: 0.11, y: 0.91, count: 1 },
      ],
    });
    expect(body.scroll.page_views).toBe(2);
    expect(body.scroll.reach).toHaveLength(21);
    expect(body.scroll.reach[10]).toEqual({ depth: 0.5, page_views: 2, share: 1 });
    expect(body.scroll.reach[11]).toEqual({ depth: 0.55, page_views: 1, share: 0.5 });
    expect(body.scroll.reach[20]).toEqual({ depth: 1, page_views: 1, share: 0.5 });
    expect(body.attention.total_ms).toBe(4000);
    expect(body.attention.bands.slice(0, 3)).toEqual([
      { band: 0, start: 0, end: 0.05, ms: 3000, share: 0.75 },
      { band: 1, start: 0.05, end: 0.1, ms: 1000, share: 0.25 },
      { band: 2, start: 0.1, end: 0.15, ms: 0, share: 0 },
    ]);

    const phone = (await heatmap(server, { width: 390 })).body as typeof body;
    expect(phone.width).toBe(0);
    expect(phone.clicks.cells).toEqual([
      { selector: '#buy', x: 0.21, y: 0.71, count: 1 },
      { selector: 'nav > a.home', x: 0.51, y: 0.51, count: 1 },
    ]);
    const selectors = (map: typeof body) => new Set((map.clicks.cells as { selector: string }[]).map((cell) => cell.selector));
    expect(selectors(phone)).toEqual(selectors(body));

    // a bucket's lower bound names the same map as any width inside it; the alias answers the same
    expect((await heatmap(server, { width: 1200 })).body).toEqual(body);
    expect((await heatmap(server, {}, undefined, '/v1/query/heatmaps')).body).toEqual(body);
    // exact path, and limit
    const one = (await heatmap(server, { url: '/products/1', limit: 1 })).body as typeof body;
    expect([one.clicks.total, one.clicks.cells]).toEqual([3, [{ selector: '#buy', x: 0.51, y: 0.51, count: 2 }]]);
  });

  it.skipIf(!available.get(kind))('counts an event sent twice (a retried batch) once', async () => {
    const server = await start();
    const event = { ...heatmapEvent('/products/1', 1280, { v: 1, c: [['#buy', 0.5, 0.5]] }), uuid: '01890000-0000-7000-8000-000000000001' };
    await track(server, [event, event]);
    await track(server, [event]);
    expect(((await heatmap(server, {})).body as { clicks: { total: number } }).clicks.total).toBe(1);
  });

  it.skipIf(!available.get(kind))('answers 401 without a key, 403 without the query scope, with an SDK key or for another project', async () => {
    const server = await start();
    const { config } = server.storage;
    const noScope = (await createApiKey(config, { projectId: server.demo.project_id, kind: 'sk', scopes: [] })).key;
    const query = (await createApiKey(config, { projectId: server.demo.project_id, kind: 'sk', scopes: ['query'] })).key;
    const other = await config.createProject({ name: 'Other', plan: 'free' });
    const otherKey = (await createApiKey(config, { projectId: other.id, kind: 'sk', scopes: ['admin'] })).key;

    expect((await heatmap(server, {}, {})).status).toBe(401);
    expect((await heatmap(server, {}, { Authorization: `Bearer ${noScope}` })).status).toBe(403);
    expect((await heatmap(server, {}, { 'X-API-Key': server.demo.pk })).status).toBe(403);
    expect((await heatmap(server, {}, { Authorization: `Bearer ${otherKey}` })).status).toBe(403);
    expect((await heatmap(server, { project_id: other.id })).status).toBe(403);
    expect((await heatmap(server, {}, { Authorization: `Bearer ${query}` })).status).toBe(200);
  });

  it.skipIf(!available.get(kind))('lets a member with a JWT query its project, and not another one', async () => {
    const server = await start();
    await addAccount(server.storage, 'viewer@example.com', { projectId: server.demo.project_id, role: 'viewer' });
    const token = (await login(server.url, 'viewer@example.com')).accessToken;
    const other = await server.storage.config.createProject({ name: 'Other', plan: 'free' });
    expect((await heatmap(server, {}, { Authorization: `Bearer ${token}` })).status).toBe(200);
    expect((await heatmap(server, { project_id: other.id }, { Authorization: `Bearer ${token}` })).status).toBe(403);
  });

  it.skipIf(!available.get(kind)).each([
    ['a full URL', { url: 'https://shop.example/products/1' }, 'url must be a path pattern starting with /'],
    ['too many wildcards', { url: '/*'.repeat(11) }, 'url holds more than 10 wildcards'],
    ['a missing url', { url: undefined }, 'url must be a string'],
    ['a negative width', { width: -1 }, 'width must be at least 0'],
    ['a fractional width', { width: 1.5 }, 'width must be an integer'],
    ['a start after the end', { date_range: { start: '2024-05-02', end: '2024-05-01' } }, 'date_range.start must not be after date_range.end'],
    ['an impossible date', { date_range: { start: '2024-02-30', end: '2024-03-01' } }, 'date_range.start must be a date in YYYY-MM-DD form'],
    ['a limit over 1000', { limit: 1001 }, 'limit must be at most 1000'],
  ])('answers a query with %s with 400', async (_case, override, error) => {
    const server = await start();
    const res = await heatmap(server, override);
    expect(res).toEqual(expect.objectContaining({ status: 400, body: { error } }));
  });
});
