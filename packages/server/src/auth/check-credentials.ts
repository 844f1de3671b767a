import { UnauthorizedError } from '../errors/index.js';
import type { AccountRecord, ConfigStore } from '../ports/index.js';
import type { LoginProtection } from './login-protection.js';
import { hashPassword, needsRehash, verifyPassword } from './password-hash.js';
import type { ScryptCost } from './password-hash.js';

/** The one answer to a wrong email and to a wrong password, so that neither reveals which it was. */
export const INVALID_CREDENTIALS = 'Invalid email or password';

/** Checks an email and password; resolves the account or throws 401. */
export type CheckCredentials = (email: string, password: string) => Promise<AccountRecord>;

/**
 * An unknown email costs the same scrypt work as a known one: the password is verified against a
 * dummy hash of the same cost, made once per router when the first sign-in arrives. A hash of another
 * cost than `cost` is replaced after a successful sign-in. Every hash waits for a turn of
 * `protection.gate` (429 when too many wait), and an account past its failed sign-ins is refused
 * with 429 before any hashing (`protection.attempts`).
 */
export function credentialChecker(config: ConfigStore, cost: ScryptCost, protection: LoginProtection): CheckCredentials {
  const { gate, attempts } = protection;
  let dummy: Promise<string> | undefined;
  const fail = async (email: string): Promise<never> => {
    await attempts.recordFailure(email);
    throw new UnauthorizedError(INVALID_CREDENTIALS);
  };
  return async (email, password) => {
    attempts.assertAllowed(email);
    dummy ??= hashPassword('northstar dummy password', cost);
    const account = await config.findAccountByEmail(email);
    if (!account) {
      const stored = await dummy;
      await gate.run(() => verifyPassword(password, stored));
      return fail(email);
    }
    if (!(await gate.run(() => verifyPassword(password, account.password_hash)))) return fail(email);
    if (needsRehash(account.password_hash, cost)) {
      // Upgrading the stored hash is housekeeping: the sign-in succeeds whether or not it works.
      gate
        .run(() => hashPassword(password, cost))
        .then((password_hash) => config.updateAccount(account.id, { password_hash }))
        .catch(() => undefined);
    }
    return account;
  };
}
