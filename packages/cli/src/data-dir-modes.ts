import { chmod, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parseDatabaseUrl } from './storage/database-url.js';

/** The CLI's umask: every file it creates (SQLite and its WAL, demo.json, key files) is 0600, every directory 0700. */
export const CLI_UMASK = 0o077;

/** What the CLI keeps in its data directory besides the database. */
const DATA_FILES = ['demo.json', 'jwt-secret', 'secrets-key'];
/** An SQLite database's companions. */
const SQLITE_SUFFIXES = ['', '-wal', '-shm', '-journal'];

async function chmodIfPresent(path: string, mode: number): Promise<void> {
  try {
    await chmod(path, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * Owner-only data: creates `dataDir` 0700 (or makes it 0700), and makes the files the CLI keeps there
 * (`demo.json`, `jwt-secret`, `secrets-key`, `data.db` with its `-wal`, `-shm`, `-journal`) and the
 * SQLite file of each of `databaseUrls` with its companions 0600, for files an earlier version created 0644.
 * Other files in the directory are left alone. New files are covered by `CLI_UMASK`.
 */
export async function restrictDataFiles(dataDir: string, ...databaseUrls: string[]): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await chmod(dataDir, 0o700);
  const paths = DATA_FILES.map((name) => join(dataDir, name));
  const sqlite = [join(dataDir, 'data.db')];
  for (const target of databaseUrls.map((url) => parseDatabaseUrl(url))) {
    if (target.kind === 'sqlite' && target.url !== 'sqlite::memory:') sqlite.push(target.url.slice('sqlite:'.length));
  }
  for (const database of sqlite) paths.push(...SQLITE_SUFFIXES.map((suffix) => `${database}${suffix}`));
  await Promise.all(paths.map((path) => chmodIfPresent(path, 0o600)));
}
