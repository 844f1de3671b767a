import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** A key the CLI takes from an environment variable, else from a file it generates in the data directory. */
export interface DataDirKey {
  /** The variable that overrides the file, e.g. `NORTHSTAR_JWT_SECRET`. */
  envName: string;
  /** File name inside the data directory. */
  fileName: string;
  /** A new random key, written on the first start. */
  generate(): string;
  /** Throws when `key` is unusable, naming `source` (the variable or the file); returns it otherwise. */
  check(key: string, source: string): string;
}

async function readKeyFile(path: string): Promise<string | undefined> {
  try {
    return (await readFile(path, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * `env[envName]`, else the key in `<dataDir>/<fileName>`, generated there (mode 0600) on the first
 * start and reused afterwards. Processes sharing a database need the same key: set the variable.
 */
export async function dataDirKey(key: DataDirKey, env: NodeJS.ProcessEnv, dataDir: string): Promise<string> {
  const fromEnv = env[key.envName];
  if (fromEnv) return key.check(fromEnv, key.envName);
  const path = join(resolve(dataDir), key.fileName);
  const existing = await readKeyFile(path);
  if (existing !== undefined) return key.check(existing, path);
  const generated = key.generate();
  try {
    // `wx`: of two processes starting at once, one writes and the other reads what it wrote.
    await writeFile(path, `${generated}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return key.check((await readKeyFile(path)) ?? '', path);
  }
  await chmod(path, 0o600);
  return generated;
}
