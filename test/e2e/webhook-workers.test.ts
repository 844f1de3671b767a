import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSqlStorage } from '@northstar/adapter-sql';
import { createApiKey } from '@northstar/server/app';
import { startCli, startCliWorker } from './harness/cli-process.js';
import type { CliServer } from './harness/cli-process.js';
import { requireOrSkip } from './harness/environment.js';
import { createTestDatabase, mysqlIsUp } from './harness/mysql.js';
import type { TestDatabase } from './harness/mysql.js';
import type { NodeProcess } from './harness/node-process.js';

const runs = requireOrSkip(
  'MariaDB/MySQL at 127.0.0.1:3306',
  await mysqlIsUp(),
  'start it: start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd',
);

const DELIVERIES = 1_000;
/** Deliveries one worker process has in hand at most (`webhookDeliveryConcurrency`'s default). */
const WORKER_CONCURRENCY = 4;

/** A receiver that answers 200 to every delivery, a few ms late (so that a worker has deliveries in hand), and counts each X-Webhook-Id. */
async function startReceiver() {
  const received = new Map<string, number>();
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = String(req.headers['x-webhook-id']);
      received.set(id, (received.get(id) ?? 0) + 1);
      setTimeout(() => res.end(), 3);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.runIf(runs)('webhook delivery by two `northstar-server worker` processes on one MariaDB queue', () => {
  let database: TestDatabase;
  let dataDir: string;
  let server: CliServer | undefined;
  const workers: NodeProcess[] = [];
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    database = await createTestDatabase('northstar_e2e_wh');
    dataDir = await mkdtemp(join(tmpdir(), 'northstar-wh-'));
    receiver = await startReceiver();
  });
  afterAll(async () => {
    for (const worker of workers) await worker.stop();
    await server?.stop();
    await receiver?.close();
    await rm(dataDir, { recursive: true, force: true });
    await database?.drop();
  });

  it('delivers each of 1,000 deliveries, a worker killed mid-run losing none and repeating only what it had in hand', async () => {
    // Every process reads the same data directory (keys) and database; the API process leaves delivery to the workers.
    const env = {
      DATABASE_URL: database.url,
      NORTHSTAR_DATA_DIR: dataDir,
      NORTHSTAR_WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32',
      NORTHSTAR_RATE_LIMITS: 'off',
    };
    server = await startCli(dataDir, { ...env, NORTHSTAR_WORKERS: 'off' });
    const projectId = server.demo.project_id;
    const storage = await createSqlStorage({ url: database.url });
    const { key } = await createApiKey(storage.config, { projectId, kind: 'sk', scopes: ['admin'] });
    await storage.dispose();
    const base = server.demo.url.replace(/\/$/, '');
    const post = async (path: string, body: unknown = {}) => {
      const res = await fetch(`${base}/v1/projects/${projectId}${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as { id: number } };
    };
    const webhook = await post('/webhooks', { url: receiver.url, events: ['alert_triggered'] });
    expect(webhook.status).toBe(201);
    // 1,000 test events: one delivery job each, queued before any worker runs
    for (let sent = 0; sent < DELIVERIES; sent += 50) {
      const answers = await Promise.all(Array.from({ length: 50 }, () => post(`/webhooks/${webhook.body.id}/test`)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(202));
    }

    const [doomed, survivor] = await Promise.all([startCliWorker(env), startCliWorker(env)]);
    workers.push(doomed, survivor);
    await vi.waitFor(() => expect(receiver.received.size).toBeGreaterThanOrEqual(200), { timeout: 60_000, interval: 20 });
    expect(doomed.child.exitCode).toBeNull();
    doomed.child.kill('SIGKILL');
    expect(receiver.received.size).toBeLessThan(DELIVERIES);

    // What the killed worker held comes back when its lease (60 s) runs out; no delivery job is left (every one acked).
    await vi.waitFor(() => expect(receiver.received.size).toBe(DELIVERIES), { timeout: 150_000, interval: 200 });
    const connection = await createConnection({ uri: database.url });
    try {
      const jobsLeft = async () =>
        ((await connection.query('SELECT COUNT(*) AS n FROM ns_jobs WHERE queue = ?', ['webhook.delivery']))[0] as { n: number }[])[0]?.n;
      await vi.waitFor(async () => expect(Number(await jobsLeft())).toBe(0), { timeout: 150_000, interval: 500 });
    } finally {
      await connection.end();
    }
    const repeated = [...receiver.received.values()].filter((count) => count > 1);
    expect(repeated.every((count) => count === 2)).toBe(true);
    expect(repeated.length).toBeLessThanOrEqual(WORKER_CONCURRENCY);
  }, 240_000);
});
