import { processRateLimitStore } from '../limits/memory-rate-limit-store.js';
import type { RateLimitStore } from '../ports/index.js';
import { createHashGate } from './hash-gate.js';
import type { HashGate } from './hash-gate.js';
import { DEFAULT_LOGIN_ATTEMPT_RULE, loginAttempts } from './login-attempts.js';
import type { LoginAttempts } from './login-attempts.js';

/** Router option `loginProtection` (docs/auth.md, "Sign-in limits"). */
export interface LoginProtectionOptions {
  /** Password hashes (scrypt) computed at once by this process. @default os.availableParallelism() */
  hashConcurrency?: number;
  /** Sign-ins waiting for a hashing turn; beyond them 429 with `Retry-After: 1`. @default hashConcurrency */
  hashQueue?: number;
  /** Failed sign-ins per account (email, any case) and window; then 429 until the window ends; `false` turns it off. @default 10 */
  failuresPerAccount?: number | false;
  /** The window of `failuresPerAccount`, in seconds. @default 900 */
  failureWindowSeconds?: number;
}

export interface LoginProtection {
  gate: HashGate;
  attempts: LoginAttempts;
}

export function loginProtection(options: LoginProtectionOptions, store: RateLimitStore | undefined, clock: () => number): LoginProtection {
  const failures = options.failuresPerAccount ?? DEFAULT_LOGIN_ATTEMPT_RULE.failures;
  if (failures !== false && !(Number.isInteger(failures) && failures > 0))
    throw new RangeError('loginProtection.failuresPerAccount must be a positive integer or false');
  return {
    gate: createHashGate({ concurrency: options.hashConcurrency, maxQueued: options.hashQueue }),
    attempts: loginAttempts(
      store ?? processRateLimitStore(),
      { failures, windowSeconds: options.failureWindowSeconds ?? DEFAULT_LOGIN_ATTEMPT_RULE.windowSeconds },
      clock,
    ),
  };
}
