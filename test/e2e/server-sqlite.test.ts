import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, startCli } from './harness/cli-process.js';
import type { CliServer } from './harness/cli-process.js';
import { startIngesting, waitForCount } from './harness/ingest-client.js';
import { totalToday } from './harness/query.js';
import { missingEvents } from './harness/stored-events.js';

// The README's `npm start` runs the built CLI with no DATABASE_URL: the SQLite file <data dir>/data.db.
let dataDir: string;
let server: CliServer | undefined;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'northstar-sqlite-'));
});
afterEach(async () => {
  await server?.stop();
  server = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

const track = (url: string, pk: string, body: unknown) =>
  fetch(`${url}/v1/track`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-API-Key': pk }, body: JSON.stringify(body) });

describe('the standalone server on its default SQLite file', () => {
  it('says which storage it uses', async () => {
    server = await startCli(dataDir);
    expect(server.process.output()).toMatch(/Storage\s+sqlite:\S*data\.db \(sqlite, data is kept across restarts\)/);
  });

  it('keeps events and the demo project across a restart', async () => {
    server = await startCli(dataDir);
    const first = server.demo;
    const batch = ['a', 'b', 'c'].map((device) => ({ event_name: 'kept', device_id: device }));
    expect((await track(first.url, first.pk, { batch })).status).toBe(200);
    expect(await totalToday(first, 'kept')).toBe(3);
    await server.stop();

    server = await startCli(dataDir);
    expect(server.demo).toMatchObject({ project_id: first.project_id, pk: first.pk, sk: first.sk });
    expect(server.process.output()).toContain('kept from the last start');
    expect(await totalToday(server.demo, 'kept')).toBe(3);
  });

  it('loses no event it answered 200 for when killed with SIGKILL during ingestion', async () => {
    server = await startCli(dataDir);
    const { demo } = server;
    const ingest = startIngesting({ url: demo.url, pk: demo.pk });
    await waitForCount(() => ingest.acked.length, 2_000);
    await server.kill();
    await ingest.stop();
    const acked = [...ingest.acked];
    expect(acked.length).toBeGreaterThanOrEqual(2_000);
    expect(ingest.failures).toBeGreaterThan(0); // requests were in flight when it died

    server = await startCli(dataDir);
    expect(server.demo.project_id).toBe(demo.project_id);
    expect(await totalToday(server.demo, 'ingest_probe')).toBeGreaterThanOrEqual(acked.length);
    await server.stop();
    server = undefined;
    expect(await missingEvents(`sqlite:${join(dataDir, 'data.db')}`, demo.project_id, acked)).toEqual([]);
  });

  it('migrates and bootstraps from the command line, printing only JSON for bootstrap --json', async () => {
    const env = { NORTHSTAR_DATA_DIR: dataDir };
    expect((await runCli(['migrate'], env)).code).toBe(0);
    const bootstrap = await runCli(['bootstrap', '--json'], env);
    expect(bootstrap.code).toBe(0);
    const created = JSON.parse(bootstrap.stdout) as Record<string, unknown>;
    expect(created).toEqual({ project_id: expect.any(Number), pk: expect.stringMatching(/^pk_/), sk: expect.stringMatching(/^sk_/) });

    server = await startCli(dataDir);
    expect((await track(server.demo.url, String(created.pk), { event_name: 'boot', device_id: 'd' })).status).toBe(200);
  });
});
