import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cliSecretsKey } from '../src/secrets-key-file.js';
import { createSecretBox } from '@northstar/server';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'northstar-secrets-key-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('the CLI key of webhook secrets', () => {
  it('is generated once into <data dir>/secrets-key, readable by the owner only, and reused across starts', async () => {
    const first = await cliSecretsKey({}, dir);
    expect((await stat(join(dir, 'secrets-key'))).mode & 0o777).toBe(0o600);
    expect((await readFile(join(dir, 'secrets-key'), 'utf8')).trim()).toBe(first);
    const sealed = createSecretBox(first).seal('whsec_x');
    expect(createSecretBox(await cliSecretsKey({}, dir)).open(sealed)).toBe('whsec_x');
  });

  it('is NORTHSTAR_SECRETS_KEY when set, which must be 32 bytes', async () => {
    const key = randomBytes(32).toString('base64');
    expect(await cliSecretsKey({ NORTHSTAR_SECRETS_KEY: key }, dir)).toBe(key);
    await expect(cliSecretsKey({ NORTHSTAR_SECRETS_KEY: 'short' }, dir)).rejects.toThrow('NORTHSTAR_SECRETS_KEY must be 32 bytes');
  });

  it('refuses a key file that does not hold 32 bytes', async () => {
    await writeFile(join(dir, 'secrets-key'), 'tiny\n');
    await expect(cliSecretsKey({}, dir)).rejects.toThrow('must be 32 bytes');
  });
});
