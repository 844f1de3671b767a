import { ConflictError } from '@northstar/core';
import type { AccountPatch, AccountRecord, ConfigStore, NewAccount } from '@northstar/server';
import type { MemoryConfigState } from './memory-config-state.js';

type AccountMethods = Pick<ConfigStore, 'createAccount' | 'getAccount' | 'findAccountByEmail' | 'updateAccount'>;

/** The form in which emails are compared: lower case, as the SQL store's `email_normalized` column. */
export const normaliseEmail = (email: string): string => email.toLowerCase();

export function memoryAccounts(state: MemoryConfigState): AccountMethods {
  const { accounts } = state.tables;

  function byEmail(email: string): AccountRecord | undefined {
    const wanted = normaliseEmail(email);
    for (const account of accounts.values()) if (normaliseEmail(account.email) === wanted) return account;
    return undefined;
  }

  return {
    createAccount(input: NewAccount): Promise<AccountRecord> {
      if (byEmail(input.email)) return Promise.reject(new ConflictError('account_email'));
      const now = state.now();
      const account: AccountRecord = {
        id: state.nextId('accounts'),
        email: input.email,
        name: input.name ?? null,
        password_hash: input.password_hash,
        created_at: now,
        updated_at: now,
      };
      accounts.set(account.id, account);
      return Promise.resolve({ ...account });
    },

    getAccount(id: number): Promise<AccountRecord | undefined> {
      const account = accounts.get(id);
      return Promise.resolve(account && { ...account });
    },

    findAccountByEmail(email: string): Promise<AccountRecord | undefined> {
      const account = byEmail(email);
      return Promise.resolve(account && { ...account });
    },

    updateAccount(id: number, patch: AccountPatch): Promise<AccountRecord | undefined> {
      const account = accounts.get(id);
      if (!account) return Promise.resolve(undefined);
      if (patch.email !== undefined) {
        const holder = byEmail(patch.email);
        if (holder && holder.id !== id) return Promise.reject(new ConflictError('account_email'));
        account.email = patch.email;
      }
      if (patch.name !== undefined) account.name = patch.name;
      if (patch.password_hash !== undefined) account.password_hash = patch.password_hash;
      account.updated_at = state.now();
      return Promise.resolve({ ...account });
    },
  };
}
