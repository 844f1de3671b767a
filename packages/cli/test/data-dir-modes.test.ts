import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { restrictDataFiles } from '../src/data-dir-modes.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'northstar-modes-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));
const mode = async (path: string) => (await stat(path)).mode & 0o777;

describe('the data directory of the CLI', () => {
  it('is created 0700', async () => {
    const dir = join(root, 'new', 'data');
    await restrictDataFiles(dir, `sqlite:${join(dir, 'data.db')}`);
    expect(await mode(dir)).toBe(0o700);
  });

  it('makes an existing directory 0700 and its database, WAL, demo.json and key files 0600, and leaves other files alone', async () => {
    const dir = join(root, 'data');
    await mkdir(dir, { mode: 0o755 });
    await chmod(dir, 0o755);
    const ours = ['data.db', 'data.db-wal', 'data.db-shm', 'data.db-journal', 'demo.json', 'jwt-secret', 'secrets-key'];
    for (const name of [...ours, 'notes.sh']) {
      await writeFile(join(dir, name), 'x');
      await chmod(join(dir, name), 0o755);
    }
    await restrictDataFiles(dir, `sqlite:${join(dir, 'data.db')}`);
    expect(await mode(dir)).toBe(0o700);
    for (const name of ours) expect(await mode(join(dir, name)), name).toBe(0o600);
    expect(await mode(join(dir, 'notes.sh'))).toBe(0o755);
  });

  it('also restricts an SQLite file of DATABASE_URL outside the data directory, with its WAL', async () => {
    const db = join(root, 'elsewhere.db');
    for (const path of [db, `${db}-wal`]) {
      await writeFile(path, 'x');
      await chmod(path, 0o644);
    }
    await restrictDataFiles(join(root, 'data'), `sqlite:${db}`);
    expect(await mode(db)).toBe(0o600);
    expect(await mode(`${db}-wal`)).toBe(0o600);
  });

  it("restricts the SQLite file of each database URL, so NORTHSTAR_EVENTS_DATABASE_URL's too", async () => {
    const [config, events] = [join(root, 'config.db'), join(root, 'events.db')];
    for (const path of [config, events, `${events}-wal`]) {
      await writeFile(path, 'x');
      await chmod(path, 0o644);
    }
    await restrictDataFiles(join(root, 'data'), `sqlite:${config}`, `sqlite:${events}`);
    for (const path of [config, events, `${events}-wal`]) expect(await mode(path), path).toBe(0o600);
  });
});
