import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import type express5 from 'express';
import type { RequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { createNorthstarRouter, seedDemoProject } from '@northstar/server';
import type { DemoProject, StorageAdapter } from '@northstar/server';
import { FAST_SCRYPT, PASSWORD, TEST_JWT_SECRET, addAccount } from './accounts.js';
import { sendRaw } from './send-raw.js';
import { eventQuery, postJson } from './test-server.js';

// The router mounted under /ns in a host app that parses bodies first, as most Express apps do
// (docs/decisions.md, "Mounting after the host's body parsers"): one suite, run on Express 5 and Express 4
// hosts by host-parsers.test.ts and with an Express 4 router by host-parsers-express4-router.test.ts.
const DAY = '2024-05-01';
const NOW = Date.parse(`${DAY}T12:00:00.000Z`);
const UUID = '01890000-0000-7000-8000-00000000h057'.replace('h057', 'a057');

interface HostApp {
  url: string;
  demo: DemoProject;
  storage: StorageAdapter;
  server: Server;
}

/** A middleware of the host, after its parsers, that reads the body of requests marked `X-Host-Consumes` and keeps nothing. */
const consumeAndDrop: RequestHandler = (req, _res, next) => {
  if (req.get('x-host-consumes') === undefined) {
    next();
    return;
  }
  req.on('data', () => {});
  req.on('end', () => next());
};

async function startHostApp(express: typeof express5): Promise<HostApp> {
  const storage = createMemoryStorage();
  const demo = await seedDemoProject(storage);
  await storage.config.updateProject(demo.project_id, { plan: 'enterprise' });
  await addAccount(storage, 'host@example.com', { projectId: demo.project_id, role: 'owner' });
  const app = express();
  app.use(express.json({ limit: '10mb' }));
  app.use(express.urlencoded({ extended: false }));
  app.use(express.text({ limit: '10mb' }));
  app.use(consumeAndDrop);
  app.use(
    '/ns',
    createNorthstarRouter({
      storage,
      clock: () => NOW,
      jwtSecret: TEST_JWT_SECRET,
      passwordHashCost: FAST_SCRYPT,
      logger: { error: () => {} },
      rateLimits: { fixed: { login: 1_000 } },
    }),
  );
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/ns`, demo, storage, server };
}

/** Every expectation of a router mounted after `express.json()`, `urlencoded()` and `text()` of `express`. */
export function hostParserSuite(title: string, express: typeof express5): void {
  describe(`the router mounted after express.json(), urlencoded() and text() on ${title}`, () => {
    let host: HostApp;
    beforeAll(async () => {
      host = await startHostApp(express);
    });
    afterAll(async () => {
      await new Promise<void>((resolve) => {
        host.server.close(() => resolve());
        host.server.closeAllConnections();
      });
      await host.storage.dispose();
    });

    const track = (body: unknown) => postJson(`${host.url}/v1/track`, body, { 'X-API-Key': host.demo.pk });
    const total = async (name: string) => {
      const res = await postJson(`${host.url}/v1/api/query/events`, eventQuery(host.demo.project_id, [name], DAY, DAY, 'total'), {
        Authorization: `Bearer ${host.demo.sk}`,
      });
      expect(res.status).toBe(200);
      return (res.body as { series: { data: { value: number }[] }[] }).series[0]?.data[0]?.value;
    };

    it('stores a single event and a batch sent as application/json, and a query counts them', async () => {
      expect(await track({ event_name: 'single', device_id: 'd1' })).toMatchObject({ status: 200, body: { accepted: 1, rejected: [] } });
      expect(
        await track({
          batch: [
            { event_name: 'batched', device_id: 'd1' },
            { event_name: 'batched', device_id: 'd2' },
          ],
        }),
      ).toMatchObject({
        status: 200,
        body: { accepted: 2 },
      });
      expect(await total('single')).toBe(1);
      expect(await total('batched')).toBe(2);
    });

    it('stores an event sent as text/plain, as sendBeacon sends it', async () => {
      const res = await sendRaw(`${host.url}/v1/track`, JSON.stringify({ event_name: 'beacon', device_id: 'd1', api_key: host.demo.pk }), {
        'Content-Type': 'text/plain;charset=UTF-8',
      });
      expect(res).toMatchObject({ status: 200, body: { accepted: 1 } });
      expect(await total('beacon')).toBe(1);
    });

    it('stores an event re-sent with the same uuid once', async () => {
      const event = { event_name: 'resent', device_id: 'd1', uuid: UUID };
      expect((await track(event)).status).toBe(200);
      expect((await track({ batch: [event, event] })).status).toBe(200);
      expect(await total('resent')).toBe(1);
    });

    it('signs in on /auth/login', async () => {
      const res = await postJson(`${host.url}/auth/login`, { email: 'host@example.com', password: PASSWORD });
      expect(res).toMatchObject({ status: 200, body: { access_token: expect.any(String) } });
    });

    it('stores a gzip replay chunk once, however often it is sent', async () => {
      const chunk = gzipSync(
        JSON.stringify({ session_id: 's1', seq: 0, device_id: 'd1', events: [{ type: 4, timestamp: NOW, data: { href: 'https://example.com/' } }] }),
      );
      const headers = { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', 'X-API-Key': host.demo.pk };
      expect(await sendRaw(`${host.url}/v1/replay/chunks`, chunk, headers)).toMatchObject({ status: 200, body: { stored: 1, duplicates: 0 } });
      expect(await sendRaw(`${host.url}/v1/replay/chunks`, chunk, headers)).toMatchObject({ status: 200, body: { stored: 0, duplicates: 1 } });
    });

    it('answers 413 for a body over 1 MiB, declared in Content-Length or streamed', async () => {
      const big = JSON.stringify({ event_name: 'big', device_id: 'd', str_properties: { blob: 'x'.repeat(1_100_000) } });
      expect(await track(JSON.parse(big) as unknown)).toMatchObject({ status: 413, body: { error: 'Request body too large' } });
      const streamed = await fetch(`${host.url}/v1/track`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-API-Key': host.demo.pk },
        body: Readable.toWeb(Readable.from([Buffer.from(big)])) as ReadableStream,
        duplex: 'half',
      } as RequestInit);
      expect(streamed.status).toBe(413);
      expect(await streamed.json()).toEqual({ error: 'Request body too large' });
    });

    it('answers a batch of more than 500 events with 413, as when mounted first', async () => {
      const batch = Array.from({ length: 501 }, () => ({ event_name: 'x', device_id: 'd' }));
      expect(await track({ batch })).toMatchObject({ status: 413, body: { error: 'batch holds 501 events; the limit is 500' } });
    });

    it('answers invalid JSON with 400 and a JSON error (text/plain reaches the router as a string)', async () => {
      const res = await sendRaw(`${host.url}/v1/track`, '{"event_name": ', { 'Content-Type': 'text/plain', 'X-API-Key': host.demo.pk });
      expect(res).toMatchObject({ status: 400, body: { error: 'Invalid JSON body' } });
    });

    it('answers invalid application/json with 400 from the host parser, never 500', async () => {
      const res = await sendRaw(`${host.url}/v1/track`, '{"event_name": ', { 'Content-Type': 'application/json', 'X-API-Key': host.demo.pk });
      expect(res.status).toBe(400);
    });

    it('answers a body nested deeper than 64 levels with 400, though the host parsed it', async () => {
      const deep = `{"event_name":"deep","device_id":"d","str_properties":{"a":${'['.repeat(100)}${']'.repeat(100)}}}`;
      const res = await sendRaw(`${host.url}/v1/track`, deep, { 'Content-Type': 'application/json', 'X-API-Key': host.demo.pk });
      expect(res).toMatchObject({ status: 400, body: { error: 'JSON body is nested deeper than 64 levels' } });
    });

    it('answers a form-encoded body with 415', async () => {
      const res = await sendRaw(`${host.url}/v1/track`, 'event_name=x&device_id=d', {
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-API-Key': host.demo.pk,
      });
      expect(res).toMatchObject({ status: 415, body: { error: expect.any(String) } });
    });

    it('answers 400, not 500, for a body that a host middleware read and dropped', async () => {
      const res = await sendRaw(`${host.url}/v1/track`, JSON.stringify({ event_name: 'x', device_id: 'd' }), {
        'Content-Type': 'application/vnd.example+json',
        'X-Host-Consumes': '1',
        'X-API-Key': host.demo.pk,
      });
      // Express 5 leaves no body ("already read ... mount the Northstar router before it"); Express 4 leaves `{}`.
      expect(res).toMatchObject({ status: 400, body: { error: expect.any(String) } });
    });
  });
}
