import type { LoginProtectionOptions } from './login-protection.js';
import type { ScryptCost } from './password-hash.js';

/** The authentication slice of the app's options: token keys, password hashing, sign-in limits, key use. */
export interface AuthOptions {
  /**
   * Key of the access JWTs (HS256), at least 32 bytes; a string is taken as its UTF-8 bytes. Every
   * process behind one address needs the same secret. Changing it voids every access token at once
   * (browsers get new ones from `POST /auth/refresh`; refresh tokens are stored, not signed).
   * @default a random secret per process, with a warning: fine for one process, wrong for several
   */
  jwtSecret?: string | Uint8Array;
  /**
   * scrypt cost of new password hashes (accounts created by the API, and hashes upgraded at sign-in).
   * Existing hashes are verified with the cost written in them.
   * @default { N: 131072, r: 8, p: 1 } (128 MiB per hash)
   */
  passwordHashCost?: ScryptCost;
  /**
   * Sign-in limits of `POST /auth/login` (docs/auth.md): at most `hashConcurrency` password hashes at
   * once and `hashQueue` waiting (then 429), and at most `failuresPerAccount` failed sign-ins per email
   * per `failureWindowSeconds` (then 429 until the window ends), in the `rateLimitStore`.
   * @default { hashConcurrency: os.availableParallelism(), hashQueue: hashConcurrency, failuresPerAccount: 10, failureWindowSeconds: 900 }
   */
  loginProtection?: LoginProtectionOptions;
  /**
   * `last_used_at` of an API key is written at most once per this many ms per process, off the request
   * path; 0 writes on every use.
   * @default 60000
   */
  apiKeyTouchIntervalMs?: number;
}
