import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { UnauthorizedError } from '../errors/index.js';
import type { ConfigStore, RefreshTokenRecord } from '../ports/index.js';

/** Seconds a refresh token lives (spec 5: 7 days); each rotation issues a token with a fresh 7 days. */
export const REFRESH_TOKEN_SECONDS = 7 * 24 * 60 * 60;
/** How often a process sweeps expired tokens out of the store, at most. */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
const MAX_TOKEN_LENGTH = 200;

export interface IssuedRefreshToken {
  /** The token itself: goes into the cookie only; the store keeps its sha256. */
  token: string;
  record: RefreshTokenRecord;
}

export interface RotatedRefreshToken {
  accountId: number;
  issued: IssuedRefreshToken;
}

export interface RefreshTokenService {
  /** A new token; a new family unless `familyId` continues one. */
  issue(accountId: number, familyId?: string): Promise<IssuedRefreshToken>;
  /**
   * Exchanges a live token for a new one of the same family (the old one is revoked with `replaced_by`).
   * A token that was already revoked is reuse, e.g. a stolen copy: the whole family is revoked. Unknown,
   * expired, reused or raced tokens all throw `UnauthorizedError` (401).
   */
  rotate(presented: string): Promise<RotatedRefreshToken>;
  /** Logout: revokes the family of `presented` if it is a known token; unknown tokens are ignored. */
  revokeFamilyOf(presented: string): Promise<void>;
}

/** sha256 hex of a refresh token: the only form the store sees. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function createRefreshTokenService(config: ConfigStore, clock: () => number): RefreshTokenService {
  let lastSweep = -Infinity;
  const iso = (ms: number): string => new Date(ms).toISOString();

  const sweep = (now: number): void => {
    if (now - lastSweep < SWEEP_INTERVAL_MS) return;
    lastSweep = now;
    // Housekeeping only: a failure here must not fail a sign-in.
    config.deleteExpiredRefreshTokens(iso(now)).catch(() => undefined);
  };

  const find = async (presented: string): Promise<RefreshTokenRecord | undefined> => {
    if (presented.length === 0 || presented.length > MAX_TOKEN_LENGTH) return undefined;
    return config.findRefreshTokenByHash(hashRefreshToken(presented));
  };

  const issue = async (accountId: number, familyId: string = randomUUID()): Promise<IssuedRefreshToken> => {
    const now = clock();
    sweep(now);
    const token = randomBytes(32).toString('base64url');
    const record = await config.createRefreshToken({
      hash: hashRefreshToken(token),
      account_id: accountId,
      family_id: familyId,
      expires_at: iso(now + REFRESH_TOKEN_SECONDS * 1000),
    });
    return { token, record };
  };

  const revokeFamily = async (record: RefreshTokenRecord): Promise<never> => {
    await config.revokeRefreshTokenFamily(record.family_id, iso(clock()));
    throw new UnauthorizedError('Refresh token was already used; sign in again');
  };

  return {
    issue,
    async rotate(presented) {
      const record = await find(presented);
      if (!record) throw new UnauthorizedError('Invalid refresh token');
      if (record.revoked_at !== null) return revokeFamily(record);
      if (Date.parse(record.expires_at) <= clock()) throw new UnauthorizedError('Refresh token expired; sign in again');
      const issued = await issue(record.account_id, record.family_id);
      // Compare-and-set: only one of two concurrent rotations of the same token wins; the loser is reuse.
      const won = await config.revokeRefreshToken(record.id, iso(clock()), issued.record.id);
      if (!won) return revokeFamily(record);
      return { accountId: record.account_id, issued };
    },
    async revokeFamilyOf(presented) {
      const record = await find(presented);
      if (record) await config.revokeRefreshTokenFamily(record.family_id, iso(clock()));
    },
  };
}
