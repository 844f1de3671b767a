import type { ConfigStore, NewRefreshToken, RefreshTokenRecord } from '@northstar/server';
import { TABLES } from './sql-config-context.js';
import type { SqlConfigContext } from './sql-config-context.js';
import { orConflict } from './sql-conflicts.js';
import { toEpoch, toIso, toIsoOrNull, toNumber } from './sql-values.js';

type RefreshTokenMethods = Pick<
  ConfigStore,
  'createRefreshToken' | 'findRefreshTokenByHash' | 'revokeRefreshToken' | 'revokeRefreshTokenFamily' | 'deleteExpiredRefreshTokens'
>;

type Epoch = number | string;

interface RefreshTokenRow {
  id: number;
  hash: string;
  account_id: number;
  family_id: string;
  created_at: Epoch;
  expires_at: Epoch;
  revoked_at: Epoch | null;
  replaced_by: number | null;
}

const toRefreshToken = (row: RefreshTokenRow): RefreshTokenRecord => ({
  id: toNumber(row.id),
  hash: row.hash,
  account_id: toNumber(row.account_id),
  family_id: row.family_id,
  created_at: toIso(row.created_at),
  expires_at: toIso(row.expires_at),
  revoked_at: toIsoOrNull(row.revoked_at),
  replaced_by: row.replaced_by === null ? null : toNumber(row.replaced_by),
});

export function sqlRefreshTokens({ db, dialect, now }: SqlConfigContext): RefreshTokenMethods {
  const tokens = () => db<RefreshTokenRow>(TABLES.refreshTokens);

  return {
    async createRefreshToken(input: NewRefreshToken): Promise<RefreshTokenRecord> {
      const row = {
        hash: input.hash,
        account_id: input.account_id,
        family_id: input.family_id,
        created_at: now(),
        expires_at: toEpoch(input.expires_at),
        revoked_at: null,
        replaced_by: null,
      };
      const [id] = await orConflict(dialect, 'refresh_token_hash', async () => tokens().insert(row));
      return toRefreshToken({ ...row, id: toNumber(id ?? 0) });
    },

    async findRefreshTokenByHash(hash: string): Promise<RefreshTokenRecord | undefined> {
      const row = await tokens().where('hash', hash).first();
      return row && toRefreshToken(row);
    },

    /** Compare-and-set on `revoked_at IS NULL`: the row lock lets one concurrent caller through. */
    async revokeRefreshToken(id: number, revokedAt: string, replacedBy: number | null = null): Promise<boolean> {
      const at = toEpoch(revokedAt);
      return (await tokens().where('id', id).whereNull('revoked_at').update({ revoked_at: at, replaced_by: replacedBy })) > 0;
    },

    async revokeRefreshTokenFamily(familyId: string, revokedAt: string): Promise<number> {
      const at = toEpoch(revokedAt);
      return tokens().where('family_id', familyId).whereNull('revoked_at').update({ revoked_at: at });
    },

    async deleteExpiredRefreshTokens(nowIso: string): Promise<number> {
      return tokens().where('expires_at', '<=', toEpoch(nowIso)).delete();
    },
  };
}
