import { randomBytes } from 'node:crypto';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { SECRETS_KEY_BYTES, secretsKeyBytes } from '../secrets/index.js';

const FILE_NAME = 'secrets-key';

async function readKeyFile(path: string): Promise<string | undefined> {
  try {
    return (await readFile(path, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The key checked (32 bytes) and returned as given. */
function checked(key: string, source: string): string {
  secretsKeyBytes(key, source);
  return key;
}

/**
 * The key that encrypts webhook secrets in the CLI's server (router option `secretsKey`):
 * `NORTHSTAR_SECRETS_KEY`, else the one in `<dataDir>/secrets-key`, generated there (32 random bytes,
 * base64url, mode 0600) on the first start and reused afterwards. Losing the file makes the stored
 * webhook secrets unreadable; processes sharing a database need the same key: set the variable. Keep
 * the file out of the database's backups: a dump together with the key can sign deliveries.
 */
export async function cliSecretsKey(env: NodeJS.ProcessEnv, dataDir: string): Promise<string> {
  if (env.NORTHSTAR_SECRETS_KEY) return checked(env.NORTHSTAR_SECRETS_KEY, 'NORTHSTAR_SECRETS_KEY');
  const path = join(resolve(dataDir), FILE_NAME);
  const existing = await readKeyFile(path);
  if (existing !== undefined) return checked(existing, path);
  const key = randomBytes(SECRETS_KEY_BYTES).toString('base64url');
  try {
    // `wx`: of two processes starting at once, one writes and the other reads what it wrote.
    await writeFile(path, `${key}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return checked((await readKeyFile(path)) ?? '', path);
  }
  await chmod(path, 0o600);
  return key;
}
