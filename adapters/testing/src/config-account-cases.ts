import { expect, it } from 'vitest';
import { ConflictError } from '@northstar/core';
import type { StoragePorts } from '@northstar/server';
import { ISO_UTC } from './config-fixtures.js';

/** Accounts: unique emails in any case, opaque password hashes. */
export function configAccountCases(adapter: () => StoragePorts): void {
  it('creates an account and reads it back by id and by email', async () => {
    const { config } = adapter();
    const account = await config.createAccount({ email: 'Ada@Example.com', password_hash: 'scrypt$16384$8$1$c2FsdA$aGFzaA', name: 'Ada Lovelace' });
    expect(account).toEqual({
      id: account.id,
      email: 'Ada@Example.com',
      name: 'Ada Lovelace',
      password_hash: 'scrypt$16384$8$1$c2FsdA$aGFzaA',
      created_at: account.created_at,
      updated_at: account.created_at,
    });
    expect(Number.isInteger(account.id)).toBe(true);
    expect(account.created_at).toMatch(ISO_UTC);
    expect(await config.getAccount(account.id)).toEqual(account);
    expect(await config.findAccountByEmail('Ada@Example.com')).toEqual(account);
  });

  it('finds an account by its email in another case', async () => {
    const { config } = adapter();
    const account = await config.createAccount({ email: 'Grace@Example.COM', password_hash: 'h' });
    expect(await config.findAccountByEmail('grace@example.com')).toEqual(account);
    expect(await config.findAccountByEmail('GRACE@EXAMPLE.COM')).toEqual(account);
    expect(await config.findAccountByEmail('grace@example.co')).toBeUndefined();
  });

  it('refuses a second account with the same email in another case', async () => {
    const { config } = adapter();
    await config.createAccount({ email: 'Linus@Example.com', password_hash: 'h' });
    const second = config.createAccount({ email: 'LINUS@example.COM', password_hash: 'other' });
    await expect(second).rejects.toBeInstanceOf(ConflictError);
    await expect(second).rejects.toMatchObject({ status: 409, target: 'account_email' });
  });

  it('treats emails that differ by an accent or a trailing space as different accounts', async () => {
    const { config } = adapter();
    const plain = await config.createAccount({ email: 'rene@example.com', password_hash: 'h' });
    const accented = await config.createAccount({ email: 'rené@example.com', password_hash: 'h' });
    const spaced = await config.createAccount({ email: 'rene@example.com ', password_hash: 'h' });
    expect(new Set([plain.id, accented.id, spaced.id]).size).toBe(3);
    expect((await config.findAccountByEmail('RENÉ@example.com'))?.id).toBe(accented.id);
    expect((await config.findAccountByEmail('rene@example.com'))?.id).toBe(plain.id);
  });

  it('keeps unicode and emoji in names and emails', async () => {
    const { config } = adapter();
    const account = await config.createAccount({ email: 'ünïcødé@例え.jp', password_hash: 'h', name: 'Zoë 👩‍💻 𝔘' });
    expect(await config.findAccountByEmail('ÜNÏCØDÉ@例え.JP')).toEqual(account);
    expect(account.name).toBe('Zoë 👩‍💻 𝔘');
  });

  it('updates email, name and password hash, and leaves other fields alone', async () => {
    const { config } = adapter();
    const account = await config.createAccount({ email: 'old@example.com', password_hash: 'old-hash', name: 'Old' });
    const moved = await config.updateAccount(account.id, { email: 'New@Example.com' });
    expect(moved).toMatchObject({ email: 'New@Example.com', name: 'Old', password_hash: 'old-hash', created_at: account.created_at });
    expect(await config.findAccountByEmail('old@example.com')).toBeUndefined();
    expect((await config.findAccountByEmail('new@example.com'))?.id).toBe(account.id);
    const renamed = await config.updateAccount(account.id, { name: null, password_hash: 'new-hash' });
    expect(renamed).toMatchObject({ email: 'New@Example.com', name: null, password_hash: 'new-hash' });
    expect(await config.getAccount(account.id)).toEqual(renamed);
    expect(await config.updateAccount(999_999, { name: 'Nobody' })).toBeUndefined();
  });

  it("lets an account change the case of its own email but not take another account's", async () => {
    const { config } = adapter();
    const mine = await config.createAccount({ email: 'me@example.com', password_hash: 'h' });
    await config.createAccount({ email: 'you@example.com', password_hash: 'h' });
    expect((await config.updateAccount(mine.id, { email: 'ME@example.com' }))?.email).toBe('ME@example.com');
    await expect(config.updateAccount(mine.id, { email: 'You@Example.com' })).rejects.toBeInstanceOf(ConflictError);
    expect((await config.getAccount(mine.id))?.email).toBe('ME@example.com');
  });

  it('returns undefined for an unknown account', async () => {
    const { config } = adapter();
    expect(await config.getAccount(999_999)).toBeUndefined();
    expect(await config.findAccountByEmail('nobody@example.com')).toBeUndefined();
  });

  it('lets exactly one of several concurrent sign-ups with the same email win', async () => {
    const { config } = adapter();
    const emails = ['race@example.com', 'Race@example.com', 'RACE@EXAMPLE.COM'];
    const results = await Promise.allSettled(emails.map((email) => config.createAccount({ email, password_hash: 'h' })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected' && r.reason instanceof ConflictError)).toHaveLength(2);
  });
}
