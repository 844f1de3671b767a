import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startCli } from './harness/cli-process.js';
import type { CliServer } from './harness/cli-process.js';
import { requireOrSkip } from './harness/environment.js';
import { createTestDatabase, mysqlIsUp } from './harness/mysql.js';
import type { TestDatabase } from './harness/mysql.js';
import { track } from './harness/track.js';

const runs = requireOrSkip(
  'MariaDB/MySQL at 127.0.0.1:3306',
  await mysqlIsUp(),
  'start it: start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd',
);

/** Sets a project's plan as its operator does: `northstar-server set-plan` on the same database. */
async function setPlan(database: TestDatabase, projectId: number, plan: string): Promise<void> {
  const result = await runCli(['set-plan', '--project', String(projectId), '--plan', plan], { DATABASE_URL: database.url });
  expect(result.code, result.stderr).toBe(0);
  expect(JSON.parse(result.stdout)).toEqual({ project_id: projectId, plan, previous_plan: 'enterprise' });
}

/** Sends `count` events to `server`, `parallel` at a time; returns the responses. */
async function sendMany(server: CliServer, count: number, parallel: number): Promise<Response[]> {
  const responses: Response[] = [];
  for (let sent = 0; sent < count; sent += parallel) {
    const wave = Array.from({ length: Math.min(parallel, count - sent) }, (_, i) =>
      track(server.demo.url, server.demo.pk, { event_name: 'shared_limit', device_id: `d${sent + i}` }),
    );
    responses.push(...(await Promise.all(wave)));
  }
  return responses;
}

describe.runIf(runs)('rate limits shared by two server processes on one MariaDB database', () => {
  let database: TestDatabase;
  let dataDir: string;
  const servers: CliServer[] = [];
  beforeAll(async () => {
    database = await createTestDatabase('northstar_e2e_rl');
    dataDir = await mkdtemp(join(tmpdir(), 'northstar-rl-'));
  });
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await rm(dataDir, { recursive: true, force: true });
    await database?.drop();
  });

  it('lets exactly 100 /v1/track requests of a free project through a minute across both, and answers 429 to the other 20', async () => {
    // One data directory: the second process finds demo.json and keeps the same project and keys.
    servers.push(await startCli(dataDir, { DATABASE_URL: database.url }));
    await setPlan(database, servers[0]!.demo.project_id, 'free');
    servers.push(await startCli(dataDir, { DATABASE_URL: database.url }));
    const [first, second] = servers as [CliServer, CliServer];
    expect(second.demo.project_id).toBe(first.demo.project_id);
    expect(second.demo.url).not.toBe(first.demo.url);

    const [fromFirst, fromSecond] = await Promise.all([sendMany(first, 60, 10), sendMany(second, 60, 10)]);
    const all = [...fromFirst, ...fromSecond];
    const accepted = all.filter((res) => res.status === 200);
    const refused = all.filter((res) => res.status === 429);
    expect(accepted).toHaveLength(100);
    expect(refused).toHaveLength(20);
    // Alone, each process would have accepted all of its 60: the budget was one, counted in the database.
    expect(fromFirst.some((res) => res.status === 200) && fromSecond.some((res) => res.status === 200)).toBe(true);

    for (const res of refused) {
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(res.headers.get('ratelimit-limit')).toBe('100');
      expect(res.headers.get('ratelimit-remaining')).toBe('0');
      expect(await res.json()).toEqual({ error: expect.any(String) });
    }
    const remaining = accepted.map((res) => Number(res.headers.get('ratelimit-remaining'))).sort((a, b) => a - b);
    expect(remaining).toEqual(Array.from({ length: 100 }, (_, i) => i));
  });
});
