import { randomBytes } from 'node:crypto';
import { dataDirKey } from './data-dir-key-file.js';
import { SECRETS_KEY_BYTES, secretsKeyBytes } from '@northstar/server/app';

/**
 * The key that encrypts webhook secrets in the CLI's server (router option `secretsKey`):
 * `NORTHSTAR_SECRETS_KEY`, else the one in `<dataDir>/secrets-key`, generated there (32 random bytes,
 * base64url, mode 0600) on the first start and reused afterwards. Losing the file makes the stored
 * webhook secrets unreadable; processes sharing a database need the same key: set the variable. Keep
 * the file out of the database's backups: a dump together with the key can sign deliveries.
 */
export function cliSecretsKey(env: NodeJS.ProcessEnv, dataDir: string): Promise<string> {
  return dataDirKey(
    {
      envName: 'NORTHSTAR_SECRETS_KEY',
      fileName: 'secrets-key',
      generate: () => randomBytes(SECRETS_KEY_BYTES).toString('base64url'),
      check(key, source) {
        secretsKeyBytes(key, source);
        return key;
      },
    },
    env,
    dataDir,
  );
}
