import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = join(ROOT, 'packages/cli/dist/cli.js');
const REFUSE_EXPRESS = fileURLToPath(new URL('./support/refuse-express.mjs', import.meta.url));
const dataDirs: string[] = [];
afterAll(() => Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true }))));

interface Exited {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `northstar-server worker` with Express refused, sends `signal` once it says it started, and waits for its exit. */
async function workerUntil(signal: NodeJS.Signals, databaseUrl?: string, events?: (dataDir: string) => string): Promise<Exited> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ns-worker-'));
  dataDirs.push(dataDir);
  const env: NodeJS.ProcessEnv = { ...process.env, NORTHSTAR_DATA_DIR: dataDir };
  if (events) env.NORTHSTAR_EVENTS_DATABASE_URL = events(dataDir);
  else delete env.NORTHSTAR_EVENTS_DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', REFUSE_EXPRESS, CLI, 'worker'], { cwd: ROOT, env });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<Exited>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`worker did not start and stop in time:\n${stdout}\n${stderr}`));
    }, 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('Job consumers')) child.kill(signal);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('northstar-server worker', () => {
  it('starts the app on the default SQLite database without loading Express, and stops cleanly on SIGTERM', async () => {
    const { code, stdout, stderr } = await workerUntil('SIGTERM');
    expect(stderr).toBe('');
    expect(stdout).toMatch(
      /^Northstar worker started \(no HTTP\)\n\s+Storage\s+sqlite:.*data\.db \(sqlite\)\n\s+Job consumers webhook-delivery, evaluations, replay-retention\n/,
    );
    expect(stdout).toContain('SIGTERM received, shutting down');
    expect(code).toBe(0);
  }, 90_000);

  it('stops cleanly on SIGINT', async () => {
    const { code, stdout, stderr } = await workerUntil('SIGINT', 'memory:');
    expect(stderr).toBe('');
    expect(stdout).toContain('Storage       memory: (memory)');
    expect(stdout).toContain('SIGINT received, shutting down');
    expect(code).toBe(0);
  }, 90_000);

  it('opens the event data of NORTHSTAR_EVENTS_DATABASE_URL beside DATABASE_URL, and names each database with what it holds', async () => {
    const { code, stdout, stderr } = await workerUntil('SIGTERM', 'memory:', (dataDir) => `sqlite:${join(dataDir, 'events.db')}`);
    expect(stderr).toBe('');
    expect(stdout).toMatch(
      /\n {2}Storage {7}memory: \(memory\): configuration, rate limits, jobs\n {16}sqlite:.*events\.db \(sqlite\): event log, query engine, people, replays\n {2}Job consumers/,
    );
    expect(code).toBe(0);
  }, 90_000);

  it('is refused Express by the hook of this test, which really stops an import of it', async () => {
    const child = spawn(process.execPath, ['--import', REFUSE_EXPRESS, '--input-type=module', '-e', "await import('express')"], { cwd: ROOT });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).not.toBe(0);
    expect(stderr).toContain('refuse-express');
  }, 30_000);
});
