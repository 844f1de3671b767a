import { Readable } from 'node:stream';
import { createGzip, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { decodeReplayEvents } from '../src/services/replay/replay-chunk-data.js';
import { startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

let api: TestServer;
beforeEach(async () => {
  api = await startTestServer();
});
afterEach(() => api.close());

const EVENTS = [
  { type: 4, timestamp: 1714557600000, data: { href: 'https://shop.example/', width: 1280, height: 720 } },
  { type: 2, timestamp: 1714557600010, data: { node: { type: 0, childNodes: [] }, initialOffset: { top: 0, left: 0 } } },
];
const chunk = (seq: number, events: unknown[] = EVENTS) => ({ session_id: 'sess-1', seq, device_id: 'dev-1', events });

interface Sent {
  status: number;
  body: unknown;
  headers: Headers;
}

async function send(body: string | Uint8Array, headers: Record<string, string> = {}, key: string | null = api.demo.pk): Promise<Sent> {
  const res = await fetch(`${api.url}/v1/replay/chunks`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(key && { 'X-API-Key': key }), ...headers },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : text, headers: res.headers };
}

/** What a browser's CompressionStream('gzip') produces for `text`. */
async function compressionStream(text: string): Promise<Uint8Array> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** `bytes` zeros, gzip-compressed as a stream: the GB is never held in memory. */
async function gzipBomb(bytes: number): Promise<Buffer> {
  const zeros = Buffer.alloc(1 << 20);
  const source = Readable.from(
    (function* () {
      for (let sent = 0; sent < bytes; sent += zeros.length) yield zeros;
    })(),
  );
  const parts: Buffer[] = [];
  for await (const part of source.pipe(createGzip({ level: 9 }))) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

const stored = async (sessionId = 'sess-1') => api.storage.replays.listReplayChunks(api.demo.project_id, sessionId);

describe('POST /v1/replay/chunks', () => {
  it('stores a JSON chunk; its rrweb events read back unchanged', async () => {
    expect(await send(JSON.stringify(chunk(0)))).toMatchObject({ status: 200, body: { stored: 1, duplicates: 0 } });
    const [saved] = await stored();
    expect(saved).toMatchObject({ projectId: api.demo.project_id, sessionId: 'sess-1', seq: 0, timestamp: 1714557600000, deviceId: 'dev-1', userId: null });
    expect(await decodeReplayEvents(saved!.data)).toEqual(EVENTS);
  });

  it('stores a chunk compressed by CompressionStream("gzip") and sent with Content-Encoding: gzip', async () => {
    const body = await compressionStream(JSON.stringify({ ...chunk(0), user_id: 'user-1', timestamp: '2024-05-01T10:00:00.000Z' }));
    expect(await send(body, { 'Content-Encoding': 'gzip' })).toMatchObject({ status: 200, body: { stored: 1 } });
    const [saved] = await stored();
    expect(saved).toMatchObject({ userId: 'user-1', timestamp: Date.parse('2024-05-01T10:00:00.000Z') });
    expect(await decodeReplayEvents(saved!.data)).toEqual(EVENTS);
  });

  it('recognises a gzip body without Content-Encoding (sendBeacon cannot set it)', async () => {
    expect(await send(gzipSync(JSON.stringify(chunk(0))), { 'Content-Type': 'text/plain' })).toMatchObject({ status: 200, body: { stored: 1 } });
  });

  it('stores several chunks of one body, in order', async () => {
    const res = await send(JSON.stringify({ chunks: [chunk(0), chunk(1), { ...chunk(0), session_id: 'sess-2' }] }));
    expect(res).toMatchObject({ status: 200, body: { stored: 3, duplicates: 0 } });
    expect((await stored()).map((saved) => saved.seq)).toEqual([0, 1]);
  });

  it('answers 200 for a repeated seq and keeps the first copy', async () => {
    await send(JSON.stringify(chunk(0)));
    const res = await send(JSON.stringify(chunk(0, [{ type: 3, timestamp: 1714557609999, data: {} }])));
    expect(res).toMatchObject({ status: 200, body: { stored: 0, duplicates: 1 } });
    expect(await decodeReplayEvents((await stored())[0]!.data)).toEqual(EVENTS);
  });

  it.each([
    ['invalid JSON', '{"session_id": ', 'Invalid JSON body'],
    ['an empty body', '', 'Empty body'],
    ['a chunk without session_id', JSON.stringify({ seq: 0, device_id: 'd', events: EVENTS }), 'session_id is required'],
    ['a negative seq', JSON.stringify(chunk(-1)), 'seq must be at least 0'],
    ['a chunk without device_id or user_id', JSON.stringify({ session_id: 's', seq: 0, events: EVENTS }), 'device_id or user_id is required'],
    ['empty events', JSON.stringify(chunk(0, [])), 'events must hold at least one event'],
    ['events that are not rrweb events', JSON.stringify(chunk(0, [{ hello: 'world' }])), 'events[].type must be a number'],
    ['more than 50 chunks', JSON.stringify({ chunks: Array.from({ length: 51 }, (_, seq) => chunk(seq)) }), 'chunks holds more than 50 chunks'],
  ])('answers 400 for %s', async (_case, body, error) => {
    const res = await send(body);
    expect(res.status).toBe(400);
    expect((res.body as { error: string }).error).toContain(error);
  });

  it('answers 400 for corrupt gzip and for truncated gzip', async () => {
    const good = gzipSync(JSON.stringify(chunk(0)));
    const corrupt = Buffer.from(good);
    corrupt.fill(0x55, 10, 30);
    expect(await send(corrupt, { 'Content-Encoding': 'gzip' })).toMatchObject({ status: 400, body: { error: 'Invalid gzip body' } });
    expect(await send(good.subarray(0, good.length - 8), { 'Content-Encoding': 'gzip' })).toMatchObject({ status: 400, body: { error: 'Invalid gzip body' } });
    expect(await send('not gzip at all', { 'Content-Encoding': 'gzip' })).toMatchObject({ status: 400, body: { error: 'Invalid gzip body' } });
  });

  it('answers 413 for a gzip bomb (1 GiB of zeros in about 1 MB) without inflating it', async () => {
    const bomb = await gzipBomb(1 << 30);
    expect(bomb.length).toBeLessThan(1_048_576);
    const before = process.memoryUsage().rss;
    const res = await send(bomb, { 'Content-Encoding': 'gzip' });
    expect(res).toMatchObject({ status: 413, body: { error: 'Decompressed body too large: the limit is 8388608 bytes' } });
    expect(process.memoryUsage().rss - before).toBeLessThan(256 * 1_048_576);
  }, 60_000);

  it('answers 413 for a compressed body over maxBodyBytes, before inflating anything', async () => {
    await api.close();
    api = await startTestServer({ maxBodyBytes: 10_000 });
    const noise = Buffer.from(Array.from({ length: 20_000 }, (_, i) => (i * 7919) % 251));
    expect(await send(noise, { 'Content-Encoding': 'gzip' })).toMatchObject({
      status: 413,
      body: { error: 'Request body too large: the limit is 10000 bytes' },
    });
    const streamed = await fetch(`${api.url}/v1/replay/chunks`, {
      method: 'POST',
      headers: { 'X-API-Key': api.demo.pk, 'Content-Encoding': 'gzip' },
      body: Readable.toWeb(Readable.from([noise, noise])) as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it.each([
    ['Content-Encoding: br', { 'Content-Encoding': 'br' }, 'Unsupported Content-Encoding "br"'],
    ['Content-Encoding: deflate', { 'Content-Encoding': 'deflate' }, 'Unsupported Content-Encoding "deflate"'],
    ['Content-Type: application/xml', { 'Content-Type': 'application/xml' }, 'Content-Type must be application/json'],
  ])('answers 415 for %s', async (_case, headers, error) => {
    const res = await send(JSON.stringify(chunk(0)), headers);
    expect(res.status).toBe(415);
    expect((res.body as { error: string }).error).toContain(error);
  });

  it('answers 401 without an SDK key', async () => {
    expect((await send(JSON.stringify(chunk(0)), {}, null)).status).toBe(401);
    expect((await send(JSON.stringify(chunk(0)), {}, 'pk_not_a_key')).status).toBe(401);
  });
});

describe('POST /v1/replay/chunks when storage is down', () => {
  it('answers 503 with Retry-After', async () => {
    const storage = createMemoryStorage();
    await api.close();
    api = await startTestServer({ storage });
    vi.spyOn(storage.replays, 'appendReplayChunk').mockRejectedValue(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    const res = await send(JSON.stringify(chunk(0)));
    expect(res).toMatchObject({ status: 503, body: { error: expect.any(String) } });
    expect(res.headers.get('retry-after')).toBe('5');
  });
});
