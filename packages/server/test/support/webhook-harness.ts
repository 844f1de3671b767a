import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { createApiKey, createNorthstarApp, createNorthstarRouter, seedDemoProject } from '@northstar/server';
import type { DemoProject, DocumentRecord, NorthstarApp, NorthstarAppOptions } from '@northstar/server';
import { TEST_SECRETS_KEY } from './test-server.js';

/** A request as the test receiver saw it; `at` is `Date.now()` on arrival (the fake clock when faked). */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  path: string;
  at: number;
}

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** The answer to the n-th request (0-based). @default 200 */
  respond: (n: number) => { status: number; headers?: Record<string, string> };
  close(): Promise<void>;
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A real HTTP receiver on 127.0.0.1 that records every request and answers as `respond` says. */
export async function startReceiver(respond: Receiver['respond'] = () => ({ status: 200 })): Promise<Receiver> {
  const receiver: Receiver = { url: '', port: 0, received: [], respond, close: async () => {} };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const n = receiver.received.length;
      receiver.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), path: req.url ?? '', at: Date.now() });
      const answer = receiver.respond(n);
      res.writeHead(answer.status, answer.headers).end('ok');
    });
  });
  receiver.port = await listen(server);
  receiver.url = `http://127.0.0.1:${receiver.port}`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return receiver;
}

export interface DeliveryServer {
  url: string;
  app: NorthstarApp;
  demo: DemoProject;
  /** JSON request with an all-scope key unless `headers` carries one. */
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }>;
  /** A key of the demo project with exactly these scopes, as an Authorization header. */
  keyWith(scopes: ('query' | 'read' | 'write' | 'admin')[]): Promise<Record<string, string>>;
  /** The delivery documents of a webhook, oldest first. */
  deliveries(webhookId: number): Promise<DocumentRecord[]>;
  close(): Promise<void>;
}

/**
 * The app (on `options.storage`, else a new memory storage, disposed by `close`) with its webhook
 * delivery worker running, and its router on a real port. Receivers on
 * 127.0.0.1 are reachable through the allow-list option (only here, in tests), unless `options` says otherwise.
 */
export async function startDeliveryServer(options: Partial<NorthstarAppOptions> = {}): Promise<DeliveryServer> {
  const storage = options.storage ?? createMemoryStorage();
  const demo = await seedDemoProject(storage);
  const app = createNorthstarApp({
    logger: { error: () => {}, info: () => {} },
    jwtSecret: 'northstar-test-secret-of-at-least-32-bytes',
    secretsKey: TEST_SECRETS_KEY,
    webhookAllowedNetworks: ['127.0.0.1/32'],
    ...options,
    storage,
  });
  const host = express();
  host.use(createNorthstarRouter(app));
  const server = createServer(host);
  const port = await listen(server);
  await app.workers.start();
  const { key } = await createApiKey(storage.config, { projectId: demo.project_id, kind: 'sk', scopes: ['query', 'read', 'write', 'admin'] });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    app,
    demo,
    async call(method, path, body, headers = {}) {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: { Authorization: `Bearer ${key}`, ...(body !== undefined && { 'Content-Type': 'application/json' }), ...headers },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, body: (text === '' ? {} : JSON.parse(text)) as Record<string, unknown> };
    },
    async keyWith(scopes) {
      const created = await createApiKey(storage.config, { projectId: demo.project_id, kind: 'sk', scopes });
      return { Authorization: `Bearer ${created.key}` };
    },
    async deliveries(webhookId) {
      const page = await storage.config.listDocuments({ projectId: demo.project_id, kind: 'webhook_delivery', parentId: webhookId, limit: 100 });
      return page.items;
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await app.close();
      await storage.dispose();
    },
  };
}

/** Lets real I/O run `rounds` times (setImmediate is never faked in these tests). */
export async function flushIo(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** Waits on real I/O, without moving a fake clock, until `condition` holds; throws after 10 s of real time. */
export async function ioUntil(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = process.hrtime.bigint() + 10_000_000_000n;
  while (process.hrtime.bigint() < deadline) {
    if (await condition()) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  throw new Error(`timed out waiting for ${what}`);
}
