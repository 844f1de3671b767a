import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// In a checkout `northstar-server` is not on PATH and `npx northstar-server` would fetch an unrelated
// registry package: the docs name `npm run -s northstar-server -- <args>`, which must work as written.
const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const dataDirs: string[] = [];
afterAll(() => Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true }))));

async function northstarServer(args: string[], env: Record<string, string> = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'ns-cli-command-'));
  dataDirs.push(dataDir);
  return run('npm', ['run', '-s', 'northstar-server', '--', ...args], {
    cwd: ROOT,
    env: { ...process.env, NORTHSTAR_DATA_DIR: dataDir, ...env },
    timeout: 120_000,
  });
}

describe('the northstar-server command of a repository checkout', () => {
  it('prints its help, naming both forms of the command', async () => {
    const { stdout } = await northstarServer(['--help']);
    expect(stdout).toMatch(/^Usage: northstar-server \[command\] \[options\]\n\s+npm run -s northstar-server -- \[command\] \[options\]/);
  }, 130_000);

  it('writes only the JSON of bootstrap --json to standard output, so scripts can parse it', async () => {
    const { stdout } = await northstarServer(['bootstrap', '--json'], { DATABASE_URL: 'memory:' });
    expect(JSON.parse(stdout)).toMatchObject({ project_id: 1, pk: expect.stringMatching(/^pk_/), sk: expect.stringMatching(/^sk_/) });
  }, 130_000);
});
