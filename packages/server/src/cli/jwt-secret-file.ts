import { randomBytes } from 'node:crypto';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { MIN_JWT_SECRET_BYTES } from '../auth/jwt-secret.js';

const FILE_NAME = 'jwt-secret';

function checked(secret: string, source: string): string {
  if (Buffer.byteLength(secret, 'utf8') < MIN_JWT_SECRET_BYTES) throw new Error(`${source} must be at least ${MIN_JWT_SECRET_BYTES} bytes`);
  return secret;
}

async function readSecretFile(path: string): Promise<string | undefined> {
  try {
    return (await readFile(path, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * The JWT secret of the CLI's server: `NORTHSTAR_JWT_SECRET`, else the one in `<dataDir>/jwt-secret`,
 * generated there (48 random bytes, base64url, mode 0600) on the first start and reused afterwards, so
 * sign-ins survive restarts. Processes sharing a database need the same secret: set the variable.
 */
export async function cliJwtSecret(env: NodeJS.ProcessEnv, dataDir: string): Promise<string> {
  if (env.NORTHSTAR_JWT_SECRET) return checked(env.NORTHSTAR_JWT_SECRET, 'NORTHSTAR_JWT_SECRET');
  const path = join(resolve(dataDir), FILE_NAME);
  const existing = await readSecretFile(path);
  if (existing !== undefined) return checked(existing, path);
  const secret = randomBytes(48).toString('base64url');
  try {
    // `wx`: of two processes starting at once, one writes and the other reads what it wrote.
    await writeFile(path, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return checked((await readSecretFile(path)) ?? '', path);
  }
  await chmod(path, 0o600);
  return secret;
}
