import { ConflictError } from '../errors/index.js';
import type { AccountRecord, ConfigStore } from '../ports/index.js';
import { newAccountSchema } from '../schemas/auth.js';
import type { NewAccountInput } from '../schemas/auth.js';
import { hashPassword } from './password-hash.js';
import type { ScryptCost } from './password-hash.js';
import { parseBody } from './request-input.js';

/**
 * Hashes the password of a validated new account with scrypt and stores the account; the store's
 * `ConflictError` (409) when the email is taken in any case.
 */
export async function storeNewAccount(config: ConfigStore, { email, password, name }: NewAccountInput, cost?: ScryptCost): Promise<AccountRecord> {
  // Fails fast before the scrypt work; the store's unique index still decides a race.
  if (await config.findAccountByEmail(email)) throw new ConflictError('account_email');
  const password_hash = await hashPassword(password, cost);
  return config.createAccount({ email, password_hash, name: name ?? null });
}

/**
 * Validates `input` (email, password of 8–1024 characters, optional name), then `storeNewAccount`: for
 * callers whose input no route schema has validated (the CLI's arguments). 400 on invalid input.
 */
export async function createAccount(config: ConfigStore, input: unknown, cost?: ScryptCost): Promise<AccountRecord> {
  return storeNewAccount(config, parseBody(newAccountSchema, input), cost);
}
