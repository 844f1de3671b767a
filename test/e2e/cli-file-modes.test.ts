import { chmod, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCli } from './harness/cli-process.js';
import { track } from './harness/track.js';

const mode = async (path: string) => (await stat(path)).mode & 0o777;

/** The files the CLI keeps (`npm start`, default SQLite database): owner-only, whatever the umask it was started with. */
describe('the files of the CLI in its data directory', () => {
  let root: string;
  let dataDir: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'northstar-e2e-modes-'));
    dataDir = join(root, 'data');
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('are created 0600 in a 0700 directory: data.db, its WAL, demo.json, jwt-secret and secrets-key', async () => {
    const cli = await startCli(dataDir);
    try {
      expect((await track(cli.demo.url, cli.demo.pk, { event_name: 'modes', device_id: 'd1' })).status).toBe(200);
      expect(await mode(dataDir)).toBe(0o700);
      const names = await readdir(dataDir);
      expect(names).toEqual(expect.arrayContaining(['data.db', 'data.db-wal', 'demo.json', 'jwt-secret', 'secrets-key']));
      for (const name of names) expect(await mode(join(dataDir, name)), name).toBe(0o600);
    } finally {
      await cli.stop();
    }
  });

  it('are made 0600 again at the next start when an earlier version left them 0644', async () => {
    for (const name of await readdir(dataDir)) await chmod(join(dataDir, name), 0o644);
    await chmod(dataDir, 0o755);
    const cli = await startCli(dataDir);
    try {
      expect(await mode(dataDir)).toBe(0o700);
      for (const name of await readdir(dataDir)) expect(await mode(join(dataDir, name)), name).toBe(0o600);
    } finally {
      await cli.stop();
    }
  });
});
