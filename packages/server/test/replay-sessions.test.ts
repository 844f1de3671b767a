import { gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiKey } from '@northstar/server';
import { call, startResourceServer } from './support/document-crud.js';
import { postJson } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

let api: TestServer;
beforeEach(async () => {
  api = await startResourceServer();
});
afterEach(() => api.close());

const T0 = Date.now() - 3_600_000;
const meta = (href: string, at: number) => ({ type: 4, timestamp: at, data: { href, width: 1280, height: 720 } });
const snapshot = (at: number) => ({ type: 2, timestamp: at, data: { node: { type: 0, childNodes: [] }, initialOffset: { top: 0, left: 0 } } });
const click = (at: number) => ({ type: 3, timestamp: at, data: { source: 2, type: 2, id: 5, x: 10, y: 20 } });

async function sendChunk(chunk: Record<string, unknown>, key = api.demo.pk, gzip = false): Promise<number> {
  const body = JSON.stringify(chunk);
  const res = await fetch(`${api.url}/v1/replay/chunks`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-Key': key, ...(gzip && { 'Content-Encoding': 'gzip' }) },
    body: gzip ? new Uint8Array(gzipSync(body)) : body,
  });
  await res.text();
  return res.status;
}

async function track(event: Record<string, unknown>): Promise<void> {
  const res = await postJson(`${api.url}/v1/track`, event, { 'X-API-Key': api.demo.pk });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Two sessions: `s-old` (one page) and `s-new` (two pages, identified as ada midway, frustrated twice, one error). */
async function record(): Promise<void> {
  expect(await sendChunk({ session_id: 's-old', seq: 0, device_id: 'd1', events: [meta('https://shop.test/', T0), snapshot(T0 + 5)] })).toBe(200);
  const base = { session_id: 's-new', device_id: 'd2' };
  expect(
    await sendChunk(
      { ...base, seq: 1, user_id: 'ada', events: [click(T0 + 70_000), meta('https://shop.test/cart', T0 + 80_000), snapshot(T0 + 80_010)] },
      undefined,
      true,
    ),
  ).toBe(200);
  expect(await sendChunk({ ...base, seq: 0, events: [meta('https://shop.test/', T0 + 60_000), snapshot(T0 + 60_010), click(T0 + 65_000)] })).toBe(200);
  const at = (ms: number) => new Date(T0 + ms).toISOString();
  const common = { device_id: 'd2', session_id: 's-new' };
  await track({ ...common, event_name: '$pageview', timestamp: at(60_000), str_properties: { $current_url: 'https://shop.test/' } });
  await track({ ...common, event_name: '$rageclick', timestamp: at(65_000), str_properties: { $el_text: 'Buy' } });
  await track({ ...common, event_name: '$deadclick', timestamp: at(70_000), str_properties: { $el_text: 'Logo' } });
  await track({ ...common, event_name: '$exception', timestamp: at(75_000), str_properties: { $message: 'TypeError: x is undefined' } });
  await track({ ...common, event_name: '$pageview', timestamp: at(80_000), str_properties: { $current_url: 'https://shop.test/cart' } });
  await track({ ...common, event_name: 'signup', timestamp: at(81_000) });
  await track({ device_id: 'd1', session_id: 's-other', event_name: '$rageclick', timestamp: at(66_000) });
}

const sessions = `/v1/projects/:p/replays`;
const path = (suffix = '') => sessions.replace(':p', String(api.demo.project_id)) + suffix;

describe('GET /v1/projects/:projectId/replays', () => {
  it('lists sessions newest first with start, duration, pages, user, device, frustration and error counts', async () => {
    await record();
    const res = await call(api, 'GET', path());
    expect(res.status).toBe(200);
    expect(res.body.next).toBeNull();
    expect(res.body.items).toEqual([
      {
        session_id: 's-new',
        started_at: new Date(T0 + 60_000).toISOString(),
        ended_at: new Date(T0 + 80_010).toISOString(),
        duration_ms: 20_010,
        device_id: 'd2',
        user_id: 'ada',
        chunks: 2,
        bytes: expect.any(Number) as number,
        pages: { count: 2, urls: ['https://shop.test/', 'https://shop.test/cart'] },
        frustration: { total: 2, rageclick: 1, deadclick: 1, errorclick: 0, erratic_cursor: 0 },
        errors: 1,
      },
      expect.objectContaining({ session_id: 's-old', duration_ms: 5, user_id: null, pages: { count: 1, urls: ['https://shop.test/'] }, errors: 0 }),
    ]);
  });

  it('pages with an opaque keyset cursor, and refuses one it did not make', async () => {
    await record();
    const first = await call(api, 'GET', path('?limit=1'));
    expect(first.body.items.map((item) => item.session_id)).toEqual(['s-new']);
    const second = await call(api, 'GET', path(`?limit=1&before=${String(first.body.next)}`));
    expect(second.body.items.map((item) => item.session_id)).toEqual(['s-old']);
    expect(second.body.next).toBeNull();
    const bad = await call(api, 'GET', path('?before=bm90LWEtY3Vyc29y'));
    expect(bad).toMatchObject({ status: 400, body: { error: 'before is not a cursor of this list' } });
  });
});

describe('GET /v1/projects/:projectId/replays/:sessionId', () => {
  it('answers the session and its timeline oldest first, each event placed from the session’s start', async () => {
    await record();
    const res = await call(api, 'GET', path('/s-new'));
    expect(res.status).toBe(200);
    expect(res.body.session).toMatchObject({ session_id: 's-new', user_id: 'ada', errors: 1 });
    const timeline = (res.body as unknown as { timeline: { event: string; kind: string; offset_ms: number; label: string | null }[] }).timeline;
    expect(timeline.map(({ event, kind, offset_ms, label }) => [event, kind, offset_ms, label])).toEqual([
      ['$pageview', 'pageview', 0, 'https://shop.test/'],
      ['$rageclick', 'frustration', 5_000, 'Buy'],
      ['$deadclick', 'frustration', 10_000, 'Logo'],
      ['$exception', 'error', 15_000, 'TypeError: x is undefined'],
      ['$pageview', 'pageview', 20_000, 'https://shop.test/cart'],
    ]);
  });

  it('is 404 for a session with no chunk, and for a session of another project', async () => {
    expect(await call(api, 'GET', path('/nothing'))).toMatchObject({ status: 404, body: { error: 'No replay of this session' } });
    const other = await api.storage.config.createProject({ name: 'Other', plan: 'enterprise' });
    const { key } = await createApiKey(api.storage.config, { projectId: other.id, kind: 'pk' });
    expect(await sendChunk({ session_id: 'theirs', seq: 0, device_id: 'd9', events: [snapshot(T0)] }, key)).toBe(200);
    expect(await call(api, 'GET', path('/theirs'))).toMatchObject({ status: 404 });
    expect((await call(api, 'GET', path())).body.items).toEqual([]);
    expect(await api.storage.replays.getReplaySession(other.id, 'theirs')).toMatchObject({ chunks: 1 });
  });
});

describe('GET /v1/projects/:projectId/replays/:sessionId/chunks', () => {
  it('answers the rrweb events decompressed, chunk by chunk in seq order, paged by seq', async () => {
    await record();
    const all = await call(api, 'GET', path('/s-new/chunks'));
    expect(all.status).toBe(200);
    const body = all.body as unknown as {
      chunks: { seq: number; timestamp: string; events: { type: number; timestamp: number }[] }[];
      next_seq: number | null;
    };
    expect(body.chunks.map((chunk) => chunk.seq)).toEqual([0, 1]);
    expect(body.chunks[0]?.events).toEqual([meta('https://shop.test/', T0 + 60_000), snapshot(T0 + 60_010), click(T0 + 65_000)]);
    expect(body.next_seq).toBeNull();
    const first = await call(api, 'GET', path('/s-new/chunks?limit=1'));
    expect(first.body).toMatchObject({ chunks: [{ seq: 0 }], next_seq: 1 });
    const second = await call(api, 'GET', path('/s-new/chunks?from_seq=1&limit=1'));
    expect(second.body).toMatchObject({ chunks: [{ seq: 1 }], next_seq: null });
    expect(await call(api, 'GET', path('/s-new/chunks?limit=0'))).toMatchObject({ status: 400 });
    expect(await call(api, 'GET', path('/nothing/chunks'))).toMatchObject({ status: 404 });
  });

  it('compresses a large answer with gzip when the client accepts it', async () => {
    const events = Array.from({ length: 200 }, (_, i) => click(T0 + i));
    expect(await sendChunk({ session_id: 'big', seq: 0, device_id: 'd1', events })).toBe(200);
    const res = await fetch(`${api.url}${path('/big/chunks')}`, { headers: { Authorization: `Bearer ${api.demo.sk}`, 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    // fetch inflates it; the wire held gzip
    expect(((await res.json()) as { chunks: { events: unknown[] }[] }).chunks[0]?.events).toHaveLength(200);
    const raw = await import('node:http').then(
      (http) =>
        new Promise<Buffer>((resolve, reject) => {
          const req = http.get(
            `${api.url}${path('/big/chunks')}`,
            { headers: { Authorization: `Bearer ${api.demo.sk}`, 'Accept-Encoding': 'gzip' } },
            (answer) => {
              const parts: Buffer[] = [];
              answer.on('data', (part: Buffer) => parts.push(part));
              answer.on('end', () => resolve(Buffer.concat(parts)));
            },
          );
          req.on('error', reject);
        }),
    );
    expect((JSON.parse(gunzipSync(raw).toString('utf8')) as { chunks: unknown[] }).chunks).toHaveLength(1);
  });
});

describe('chunks sent with a key', () => {
  it('are stored in the key’s own project; an unknown or revoked key is refused', async () => {
    const chunk = { session_id: 's-1', seq: 0, device_id: 'd1', events: [snapshot(T0)] };
    expect(await sendChunk(chunk, 'pk_not-a-real-key-of-any-project-000000000')).toBe(401);
    const other = await api.storage.config.createProject({ name: 'Other', plan: 'enterprise' });
    const { key, record } = await createApiKey(api.storage.config, { projectId: other.id, kind: 'pk' });
    await api.storage.config.revokeApiKey(record.id, new Date().toISOString());
    expect(await sendChunk(chunk, key)).toBe(401);
    expect(await api.storage.replays.getReplaySession(other.id, 's-1')).toBeNull();
    expect(await api.storage.replays.getReplaySession(api.demo.project_id, 's-1')).toBeNull();
  });

  it('refuses another project’s keys on this project’s sessions: its secret key (403) and any SDK key (403)', async () => {
    await record();
    const other = await api.storage.config.createProject({ name: 'Other', plan: 'enterprise' });
    const secret = await createApiKey(api.storage.config, { projectId: other.id, kind: 'sk', scopes: ['query', 'read', 'write', 'admin'] });
    const sdk = await createApiKey(api.storage.config, { projectId: other.id, kind: 'pk' });
    for (const suffix of ['', '/s-new', '/s-new/chunks']) {
      const asOther = await fetch(`${api.url}${path(suffix)}`, { headers: { Authorization: `Bearer ${secret.key}` } });
      expect(asOther.status, suffix).toBe(403);
      expect(await asOther.json()).toEqual({ error: expect.any(String) as string });
      const withSdkKey = await fetch(`${api.url}${path(suffix)}`, { headers: { 'X-API-Key': sdk.key } });
      expect(withSdkKey.status, suffix).toBe(403);
      await withSdkKey.arrayBuffer();
    }
  });
});
