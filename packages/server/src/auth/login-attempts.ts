import { createHash } from 'node:crypto';
import { TooManyRequestsError } from '../limits/too-many-requests-error.js';
import type { RateLimitStore } from '../ports/index.js';

/** Failed sign-ins per account (normalized email) and window. */
export interface LoginAttemptRule {
  /** Failed sign-ins allowed per window; `false` removes the limit. @default 10 */
  failures: number | false;
  /** Window in seconds, starting at the first failure. @default 900 (15 minutes) */
  windowSeconds: number;
}

export const DEFAULT_LOGIN_ATTEMPT_RULE: Readonly<LoginAttemptRule> = { failures: 10, windowSeconds: 900 };

/** Most accounts remembered as blocked in this process; the oldest is forgotten first. */
const MAX_BLOCKED = 10_000;

export interface LoginAttempts {
  /** Throws 429 with `Retry-After` while the account's window is spent, before any password work. */
  assertAllowed(email: string): void;
  /** Counts a failed sign-in of the account; throws 429 when it spends the window. */
  recordFailure(email: string): Promise<void>;
}

/** The store key of an account: a hash, so the rate-limit table holds no email addresses. */
function accountKey(email: string): string {
  return `login-account:${createHash('sha256').update(email.trim().normalize('NFKC').toLowerCase()).digest('base64url')}`;
}

/**
 * The per-account limit of `/auth/login`: the per-IP `login` class alone let 16 addresses guess one
 * account's password together. Failures are counted in the router's rate-limit store (shared by the
 * processes of one database); once an account's count passes the limit, every sign-in to it — a right
 * password included, so that a guess cannot be confirmed — is 429 until the window ends. A successful
 * sign-in does not count. Each process remembers the block it has seen, so a blocked account costs
 * no hashing and no store round trip.
 */
export function loginAttempts(store: RateLimitStore, rule: LoginAttemptRule, clock: () => number): LoginAttempts {
  const blockedUntil = new Map<string, number>();
  const refuse = (until: number): never => {
    const seconds = Math.max(1, Math.ceil((until - clock()) / 1000));
    throw new TooManyRequestsError(seconds, `Too many failed sign-ins for this account; retry after ${seconds} s`);
  };
  return {
    assertAllowed(email) {
      if (rule.failures === false) return;
      const key = accountKey(email);
      const until = blockedUntil.get(key);
      if (until === undefined) return;
      if (until > clock()) refuse(until);
      blockedUntil.delete(key);
    },
    async recordFailure(email) {
      if (rule.failures === false) return;
      const key = accountKey(email);
      const decision = await store.consume(key, { limit: rule.failures, windowSeconds: rule.windowSeconds });
      if (decision.remaining > 0 && decision.allowed) return;
      const until = clock() + decision.resetMs;
      if (blockedUntil.size >= MAX_BLOCKED) blockedUntil.delete(blockedUntil.keys().next().value ?? '');
      blockedUntil.set(key, until);
      if (!decision.allowed) refuse(until);
    },
  };
}
