import { randomBytes } from 'node:crypto';
import { dataDirKey } from './data-dir-key-file.js';
import { MIN_JWT_SECRET_BYTES } from '@northstar/server/app';

/**
 * The JWT secret of the CLI's server: `NORTHSTAR_JWT_SECRET`, else the one in `<dataDir>/jwt-secret`,
 * generated there (48 random bytes, base64url, mode 0600) on the first start and reused afterwards, so
 * sign-ins survive restarts. Processes sharing a database need the same secret: set the variable.
 */
export function cliJwtSecret(env: NodeJS.ProcessEnv, dataDir: string): Promise<string> {
  return dataDirKey(
    {
      envName: 'NORTHSTAR_JWT_SECRET',
      fileName: 'jwt-secret',
      generate: () => randomBytes(48).toString('base64url'),
      check(secret, source) {
        if (Buffer.byteLength(secret, 'utf8') < MIN_JWT_SECRET_BYTES) throw new Error(`${source} must be at least ${MIN_JWT_SECRET_BYTES} bytes`);
        return secret;
      },
    },
    env,
    dataDir,
  );
}
