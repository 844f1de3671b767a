import { expect, it } from 'vitest';
import { ConflictError } from '@northstar/core';
import type { NewRefreshToken, StoragePorts } from '@northstar/server';
import { ISO_UTC } from './config-fixtures.js';

const token = (accountId: number, n: number, overrides: Partial<NewRefreshToken> = {}): NewRefreshToken => ({
  hash: `${n}`.padStart(64, 'r'),
  account_id: accountId,
  family_id: 'family-1',
  expires_at: '2024-03-17T00:00:00.000Z',
  ...overrides,
});

/** Refresh tokens: by hash, rotation by compare-and-set, family revocation, expiry sweep. */
export function configRefreshTokenCases(adapter: () => StoragePorts): void {
  it('stores a refresh token and finds it by its hash only', async () => {
    const { config } = adapter();
    const created = await config.createRefreshToken(token(7, 1, { expires_at: '2024-03-17T00:00:00Z' }));
    expect(created).toEqual({
      id: created.id,
      hash: `1`.padStart(64, 'r'),
      account_id: 7,
      family_id: 'family-1',
      created_at: created.created_at,
      expires_at: '2024-03-17T00:00:00.000Z',
      revoked_at: null,
      replaced_by: null,
    });
    expect(created.created_at).toMatch(ISO_UTC);
    expect(await config.findRefreshTokenByHash(created.hash)).toEqual(created);
    expect(await config.findRefreshTokenByHash(created.hash.toUpperCase())).toBeUndefined();
  });

  it('refuses a second token with the same hash', async () => {
    const { config } = adapter();
    await config.createRefreshToken(token(7, 1));
    await expect(config.createRefreshToken(token(8, 1, { family_id: 'other' }))).rejects.toBeInstanceOf(ConflictError);
  });

  it('revokes a live token once, recording its replacement, and refuses a second revocation', async () => {
    const { config } = adapter();
    const old = await config.createRefreshToken(token(7, 1));
    const next = await config.createRefreshToken(token(7, 2));
    expect(await config.revokeRefreshToken(old.id, '2024-03-11T00:00:00.000Z', next.id)).toBe(true);
    expect(await config.revokeRefreshToken(old.id, '2024-03-12T00:00:00.000Z', 999)).toBe(false);
    expect(await config.findRefreshTokenByHash(old.hash)).toMatchObject({ revoked_at: '2024-03-11T00:00:00.000Z', replaced_by: next.id });
    expect(await config.revokeRefreshToken(999_999, '2024-03-11T00:00:00.000Z')).toBe(false);
  });

  it('lets exactly one of two concurrent rotations of the same token win', async () => {
    const { config } = adapter();
    const old = await config.createRefreshToken(token(7, 1));
    const results = await Promise.all([1, 2, 3].map(() => config.revokeRefreshToken(old.id, '2024-03-11T00:00:00.000Z')));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('revokes every live token of a family and no other', async () => {
    const { config } = adapter();
    const a = await config.createRefreshToken(token(7, 1));
    const b = await config.createRefreshToken(token(7, 2));
    const c = await config.createRefreshToken(token(7, 3, { family_id: 'family-2' }));
    await config.revokeRefreshToken(a.id, '2024-03-10T00:00:00.000Z', b.id);
    expect(await config.revokeRefreshTokenFamily('family-1', '2024-03-12T00:00:00.000Z')).toBe(1);
    expect(await config.findRefreshTokenByHash(a.hash)).toMatchObject({ revoked_at: '2024-03-10T00:00:00.000Z', replaced_by: b.id });
    expect(await config.findRefreshTokenByHash(b.hash)).toMatchObject({ revoked_at: '2024-03-12T00:00:00.000Z', replaced_by: null });
    expect((await config.findRefreshTokenByHash(c.hash))?.revoked_at).toBeNull();
    expect(await config.revokeRefreshTokenFamily('family-1', '2024-03-13T00:00:00.000Z')).toBe(0);
    expect(await config.revokeRefreshTokenFamily('no-such-family', '2024-03-13T00:00:00.000Z')).toBe(0);
  });

  it('deletes tokens that expired at or before the given time, revoked or not', async () => {
    const { config } = adapter();
    const gone = await config.createRefreshToken(token(7, 1, { expires_at: '2024-03-10T00:00:00.000Z' }));
    const edge = await config.createRefreshToken(token(7, 2, { expires_at: '2024-03-11T00:00:00.000Z' }));
    const live = await config.createRefreshToken(token(7, 3, { expires_at: '2024-03-11T00:00:00.001Z' }));
    await config.revokeRefreshToken(gone.id, '2024-03-09T00:00:00.000Z');
    expect(await config.deleteExpiredRefreshTokens('2024-03-11T00:00:00.000Z')).toBe(2);
    expect(await config.findRefreshTokenByHash(gone.hash)).toBeUndefined();
    expect(await config.findRefreshTokenByHash(edge.hash)).toBeUndefined();
    expect(await config.findRefreshTokenByHash(live.hash)).toEqual(live);
    expect(await config.deleteExpiredRefreshTokens('2024-03-11T00:00:00.000Z')).toBe(0);
  });
}
