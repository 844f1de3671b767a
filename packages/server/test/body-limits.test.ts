import { createServer, request } from 'node:http';
import type { Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import express from 'express';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { createApiKey, createNorthstarRouter, seedDemoProject } from '@northstar/server';
import type { DemoProject, StorageAdapter } from '@northstar/server';
import { TEST_JWT_SECRET } from './support/accounts.js';
import { postJson } from './support/test-server.js';

// Oversized bodies, malformed paths and deep nesting on the routes the router owns
// (docs/decisions.md, "Oversized bodies" and "JSON nesting depth").
const CAP = 1_048_576;
/** What a client may send before the test calls it a failure: 32 times the cap. */
const FLOOD_BYTES = 32 * CAP;

interface Api {
  port: number;
  url: string;
  demo: DemoProject;
  storage: StorageAdapter;
  server: Server;
  /** Bytes the server read from every connection so far. */
  bytesRead(): number;
}

let api: Api;
beforeEach(async () => {
  const storage = createMemoryStorage();
  const demo = await seedDemoProject(storage);
  await storage.config.updateProject(demo.project_id, { plan: 'enterprise' });
  const app = express();
  app.use(createNorthstarRouter({ storage, jwtSecret: TEST_JWT_SECRET, logger: { error: () => {} } }));
  const server = createServer(app);
  const sockets: Socket[] = [];
  server.on('connection', (socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  api = { port, url: `http://127.0.0.1:${port}`, demo, storage, server, bytesRead: () => sockets.reduce((sum, socket) => sum + socket.bytesRead, 0) };
});
afterEach(async () => {
  await new Promise<void>((resolve) => {
    api.server.close(() => resolve());
    api.server.closeAllConnections();
  });
  await api.storage.dispose();
});

interface Flood {
  /** The status line and headers the server answered, '' if none. */
  head: string;
  /** Body bytes the client had written when the answer arrived. */
  sentWhenAnswered: number;
  /** True when the server closed the connection before the client stopped. */
  closedByServer: boolean;
}

/**
 * POSTs a body that never ends, 64 KiB at a time (chunked, or under `contentLength`), until the server
 * answers and closes the connection, or until `FLOOD_BYTES` are sent (then waits a second for an answer).
 */
function flood(path: string, headers: Record<string, string>, contentLength?: number): Promise<Flood> {
  return new Promise((resolve) => {
    const socket = connect(api.port, '127.0.0.1');
    const piece = Buffer.alloc(65_536, 'x');
    const framed = contentLength === undefined ? Buffer.concat([Buffer.from('10000\r\n'), piece, Buffer.from('\r\n')]) : piece;
    let sent = 0;
    let answer = '';
    let sentWhenAnswered = -1;
    let stopped = false;
    const finish = (closedByServer: boolean) => {
      if (stopped) return;
      stopped = true;
      socket.destroy();
      resolve({ head: answer.split('\r\n\r\n')[0] ?? '', sentWhenAnswered, closedByServer });
    };
    const pump = () => {
      while (!stopped && sent < FLOOD_BYTES) {
        sent += piece.length;
        if (!socket.write(framed)) {
          socket.once('drain', pump);
          return;
        }
      }
      if (!stopped) setTimeout(() => finish(false), 1_000);
    };
    socket.on('data', (data: Buffer) => {
      if (sentWhenAnswered === -1) sentWhenAnswered = sent;
      answer += data.toString('latin1');
    });
    socket.on('error', () => finish(true));
    socket.on('close', () => finish(true));
    const length = contentLength === undefined ? 'Transfer-Encoding: chunked' : `Content-Length: ${contentLength}`;
    const lines = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${lines}${length}\r\n\r\n`, pump);
  });
}

describe('oversized bodies', () => {
  it('refuses a declared Content-Length of 10 GB on /v1/track at once with 413, without a key, and closes the connection', async () => {
    const res = await flood('/v1/track', { 'Content-Type': 'application/json' }, 10 * 1024 ** 3);
    expect(res.head).toMatch(/^HTTP\/1\.1 413 /);
    expect(res.head.toLowerCase()).toContain('connection: close');
    expect(res.closedByServer).toBe(true);
    expect(res.sentWhenAnswered).toBeLessThan(FLOOD_BYTES);
    expect(api.bytesRead()).toBeLessThan(CAP + 512 * 1024);
  });

  it('cuts a streamed (chunked) body at the cap with 413 and reads no further', async () => {
    const res = await flood('/v1/track', { 'Content-Type': 'application/json', 'X-API-Key': api.demo.pk });
    expect(res.head).toMatch(/^HTTP\/1\.1 413 /);
    expect(res.closedByServer).toBe(true);
    expect(res.sentWhenAnswered).toBeLessThan(FLOOD_BYTES);
    expect(api.bytesRead()).toBeLessThan(CAP + 512 * 1024);
  });

  it('refuses a declared oversized body before authentication on a route that reads it after (413, not 401)', async () => {
    const res = await flood(`/v1/projects/${api.demo.project_id}/dashboards`, { 'Content-Type': 'application/json' }, 10 * 1024 ** 3);
    expect(res.head).toMatch(/^HTTP\/1\.1 413 /);
    expect(res.closedByServer).toBe(true);
    expect(api.bytesRead()).toBeLessThan(CAP + 512 * 1024);
  });

  it('closes the connection after a 401 to a streamed body instead of reading it to its end', async () => {
    const res = await flood(`/v1/projects/${api.demo.project_id}/dashboards`, { 'Content-Type': 'application/json' });
    expect(res.head).toMatch(/^HTTP\/1\.1 401 /);
    expect(res.closedByServer).toBe(true);
    expect(api.bytesRead()).toBeLessThan(CAP + 512 * 1024);
  });

  it.each([
    ['the replay route', '/v1/replay/chunks'],
    ['an unknown /v1 path', '/v1/no-such-route'],
    ['the sign-in route', '/auth/login'],
  ])('refuses a declared Content-Length of 10 GB on %s with 413', async (_name, path) => {
    const res = await flood(path, { 'Content-Type': 'application/json' }, 10 * 1024 ** 3);
    expect(res.head).toMatch(/^HTTP\/1\.1 413 /);
    expect(res.closedByServer).toBe(true);
  });

  it('still keeps the connection alive after an answer to a body it read in full', async () => {
    const res = await postJson(`${api.url}/v1/track`, { event_name: 'x', device_id: 'd' }, { 'X-API-Key': api.demo.pk });
    expect(res.status).toBe(200);
    expect(res.headers.get('connection')).not.toBe('close');
  });
});

/** GETs `path` exactly as written (no URL normalisation) and returns the status and body. */
function getRaw(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: api.port, path, headers }, (res) => {
      let text = '';
      res.on('data', (data: Buffer) => (text += data.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('malformed percent-encoding in a path', () => {
  it.each(['%FF', '%', '%C0%AF', '%E0%A4%A', 'a%zz'])('answers 400 to /v1/projects/1/users/%s', async (segment) => {
    const res = await getRaw(`/v1/projects/${api.demo.project_id}/users/${segment}`, { Authorization: `Bearer ${api.demo.sk}` });
    expect(res).toEqual({ status: 400, body: { error: 'Malformed percent-encoding in the URL path' } });
  });

  it('answers 400 without credentials too, and 400 in a project id', async () => {
    expect((await getRaw('/v1/projects/1/users/%FF')).status).toBe(400);
    expect((await getRaw('/v1/projects/%FF/users', { Authorization: `Bearer ${api.demo.sk}` })).status).toBe(400);
  });
});

describe('JSON nesting depth', () => {
  const nested = (depth: number) => '{"a":'.repeat(depth - 1) + '{}' + '}'.repeat(depth - 1);
  const patchSettings = async (settings: string) => {
    const key = (await createApiKey(api.storage.config, { projectId: api.demo.project_id, kind: 'sk', scopes: ['query', 'read', 'write', 'admin'] })).key;
    return fetch(`${api.url}/v1/projects/${api.demo.project_id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
      body: `{"settings":${settings}}`,
    });
  };

  it('answers project settings nested 5,000 deep with 400 that names the cap, not a stack overflow', async () => {
    const response = await patchSettings(nested(5_000));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'JSON body is nested deeper than 64 levels' });
  });

  it('answers a replay chunk nested 30,000 deep with 400, and accepts one 250 deep (a deep DOM snapshot)', async () => {
    const chunk = (depth: number) =>
      `{"session_id":"s","seq":0,"device_id":"d","events":[{"type":2,"timestamp":1714564800000,"data":${'{"childNodes":['.repeat(depth)}${']}'.repeat(depth)}}]}`;
    const send = (body: string) => postJson(`${api.url}/v1/replay/chunks`, body, { 'X-API-Key': api.demo.pk });
    expect(await send(chunk(30_000))).toMatchObject({ status: 400, body: { error: 'JSON body is nested deeper than 1000 levels' } });
    expect(await send(chunk(250))).toMatchObject({ status: 200, body: { stored: 1 } });
  });

  it('accepts project settings 63 levels deep (64 with the body itself)', async () => {
    expect((await patchSettings(nested(63))).status).toBe(200);
  });
});
