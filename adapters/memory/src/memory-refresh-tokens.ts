import { ConflictError } from '@northstar/core';
import type { ConfigStore, NewRefreshToken, RefreshTokenRecord } from '@northstar/server';
import type { MemoryConfigState } from './memory-config-state.js';
import { isoTime, settle } from './memory-config-values.js';

type RefreshTokenMethods = Pick<
  ConfigStore,
  'createRefreshToken' | 'findRefreshTokenByHash' | 'revokeRefreshToken' | 'revokeRefreshTokenFamily' | 'deleteExpiredRefreshTokens'
>;

export function memoryRefreshTokens(state: MemoryConfigState): RefreshTokenMethods {
  const { refreshTokens } = state.tables;
  const byHash = (hash: string): RefreshTokenRecord | undefined => {
    for (const token of refreshTokens.values()) if (token.hash === hash) return token;
    return undefined;
  };

  return {
    createRefreshToken: (input: NewRefreshToken) =>
      settle(() => {
        const expiresAt = isoTime(input.expires_at);
        if (byHash(input.hash)) throw new ConflictError('refresh_token_hash');
        const token: RefreshTokenRecord = {
          id: state.nextId('refreshTokens'),
          hash: input.hash,
          account_id: input.account_id,
          family_id: input.family_id,
          created_at: state.now(),
          expires_at: expiresAt,
          revoked_at: null,
          replaced_by: null,
        };
        refreshTokens.set(token.id, token);
        return { ...token };
      }),

    findRefreshTokenByHash(hash: string): Promise<RefreshTokenRecord | undefined> {
      const token = byHash(hash);
      return Promise.resolve(token && { ...token });
    },

    revokeRefreshToken: (id: number, revokedAt: string, replacedBy: number | null = null) =>
      settle(() => {
        const at = isoTime(revokedAt);
        const token = refreshTokens.get(id);
        if (!token || token.revoked_at !== null) return false;
        token.revoked_at = at;
        token.replaced_by = replacedBy;
        return true;
      }),

    revokeRefreshTokenFamily: (familyId: string, revokedAt: string) =>
      settle(() => {
        const at = isoTime(revokedAt);
        let revoked = 0;
        for (const token of refreshTokens.values()) {
          if (token.family_id !== familyId || token.revoked_at !== null) continue;
          token.revoked_at = at;
          revoked += 1;
        }
        return revoked;
      }),

    deleteExpiredRefreshTokens: (now: string) =>
      settle(() => {
        const at = isoTime(now);
        let deleted = 0;
        for (const [id, token] of refreshTokens) {
          if (token.expires_at > at) continue;
          refreshTokens.delete(id);
          deleted += 1;
        }
        return deleted;
      }),
  };
}
