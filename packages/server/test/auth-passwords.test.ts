import { describe, expect, it } from 'vitest';
import { DEFAULT_SCRYPT_COST, hashPassword, verifyPassword } from '@northstar/server';
import { needsRehash } from '../src/auth/password-hash.js';
import { FAST_SCRYPT } from './support/accounts.js';

describe('password hashes', () => {
  it('default to memory-hard scrypt: N=2^17, r=8, p=1 (128 MiB)', () => {
    expect(DEFAULT_SCRYPT_COST).toEqual({ N: 131072, r: 8, p: 1 });
  });

  it('are self-describing strings scrypt$N$r$p$salt$hash', async () => {
    const hash = await hashPassword('hunter2hunter2', FAST_SCRYPT);
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(hash).not.toContain('hunter2');
  });

  it('use a fresh salt per password', async () => {
    expect(await hashPassword('same password', FAST_SCRYPT)).not.toBe(await hashPassword('same password', FAST_SCRYPT));
  });

  it('verify the right password only', async () => {
    const hash = await hashPassword('correct horse', FAST_SCRYPT);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsf', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('verify with the cost written in the hash, whatever the current default', async () => {
    const hash = await hashPassword('pw-of-2048', { N: 2048, r: 4, p: 2 });
    expect(hash.startsWith('scrypt$2048$4$2$')).toBe(true);
    expect(await verifyPassword('pw-of-2048', hash)).toBe(true);
    expect(needsRehash(hash, FAST_SCRYPT)).toBe(true);
    expect(needsRehash(hash, { N: 2048, r: 4, p: 2 })).toBe(false);
  });

  it('treat canonically equivalent Unicode as the same password (NFKC)', async () => {
    const hash = await hashPassword('caf\u00e9-password', FAST_SCRYPT);
    expect(await verifyPassword('cafe\u0301-password', hash)).toBe(true);
  });

  it('match nothing when the stored string is malformed or asks for an absurd cost', async () => {
    const good = await hashPassword('pw', FAST_SCRYPT);
    const [, , r, p, salt, key] = good.split('$');
    for (const stored of [
      '',
      'bcrypt$x',
      good.replace('scrypt', 'scrypy'),
      `scrypt$1000$${r}$${p}$${salt}$${key}`,
      `scrypt$${2 ** 24}$${r}$${p}$${salt}$${key}`,
      `scrypt$1024$${r}$${p}$${salt}$`,
    ]) {
      expect(await verifyPassword('pw', stored)).toBe(false);
    }
  });

  it('refuse to hash with a cost they could not verify', async () => {
    await expect(hashPassword('pw', { N: 1000, r: 8, p: 1 })).rejects.toThrow(RangeError);
  });
});
