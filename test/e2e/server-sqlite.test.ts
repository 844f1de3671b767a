import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, startCli } from './harness/cli-process.js';
import type { CliServer } from './harness/cli-process.js';
import { killDuringIngestion } from './harness/kill-during-ingestion.js';
import { totalToday } from './harness/query.js';
import { track } from './harness/track.js';

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
    const outcome = await killDuringIngestion(() => startCli(dataDir, { NORTHSTAR_RATE_LIMITS: 'off' }), `sqlite:${join(dataDir, 'data.db')}`);

    expect(outcome.acked.length).toBeGreaterThanOrEqual(2_000);
    expect(outcome.failures).toBeGreaterThan(0); // requests were in flight when it died
    expect(outcome.after.project_id).toBe(outcome.before.project_id);
    expect(outcome.countedAfterRestart).toBeGreaterThanOrEqual(outcome.acked.length);
    expect(outcome.missing).toEqual([]);
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
