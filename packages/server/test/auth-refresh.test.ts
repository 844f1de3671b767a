import { afterEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { PASSWORD, addAccount, call, login, refreshCookieOf, startAuthServer } from './support/accounts.js';
import type { TestServer } from './support/test-server.js';

let api: TestServer | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

async function signedIn(options: Parameters<typeof startAuthServer>[0] = {}, prefix = '') {
  api = await startAuthServer(options);
  await addAccount(api.storage, 'ada@example.com');
  return { api, ...(await login(api.url, 'ada@example.com', PASSWORD, prefix)) };
}

const refresh = (url: string, token?: string, prefix = '') =>
  call(url, 'POST', `${prefix}/auth/refresh`, { headers: token === undefined ? {} : { Cookie: `other=1; ns_refresh=${token}` } });

describe('POST /auth/refresh', () => {
  it('answers a new access token and rotates the cookie', async () => {
    const { api, refreshToken } = await signedIn();
    const res = await refresh(api.url, refreshToken);
    expect(res).toMatchObject({ status: 200, body: { token_type: 'Bearer', expires_in: 900, account: { email: 'ada@example.com' } } });
    const next = refreshCookieOf(res.headers);
    expect(next).toMatch(/^[\w-]{43}$/);
    expect(next).not.toBe(refreshToken);
    expect((await call(api.url, 'GET', '/auth/me', { token: (res.body as { access_token: string }).access_token })).status).toBe(200);
  });

  it('revokes the old token, pointing to the one that replaced it, in the same family', async () => {
    const { api, refreshToken } = await signedIn();
    const next = refreshCookieOf((await refresh(api.url, refreshToken)).headers)!;
    const old = await api.storage.config.findRefreshTokenByHash(sha256(refreshToken));
    const current = await api.storage.config.findRefreshTokenByHash(sha256(next));
    expect(old).toMatchObject({ revoked_at: expect.any(String), replaced_by: current!.id, family_id: current!.family_id });
    expect(current).toMatchObject({ revoked_at: null });
  });

  it('treats a second use of a rotated token as theft: 401, and the whole family is revoked', async () => {
    const { api, refreshToken } = await signedIn();
    const next = refreshCookieOf((await refresh(api.url, refreshToken)).headers)!;
    expect(await refresh(api.url, refreshToken)).toMatchObject({ status: 401, body: { error: 'Refresh token was already used; sign in again' } });
    expect((await refresh(api.url, next)).status).toBe(401);
    expect((await api.storage.config.findRefreshTokenByHash(sha256(next)))?.revoked_at).toEqual(expect.any(String));
  });

  it('lets only one of two concurrent rotations of the same token win', async () => {
    const { api, refreshToken } = await signedIn();
    const statuses = (await Promise.all([refresh(api.url, refreshToken), refresh(api.url, refreshToken)])).map((res) => res.status).sort();
    expect(statuses[0]).toBe(200);
    expect(statuses[1]).toBe(401);
  });

  it('keeps other sessions of the account alive when one family is revoked', async () => {
    const { api, refreshToken } = await signedIn();
    const other = await login(api.url, 'ada@example.com');
    await refresh(api.url, refreshToken);
    await refresh(api.url, refreshToken);
    expect((await refresh(api.url, other.refreshToken)).status).toBe(200);
  });

  it('answers 401 and clears the cookie without a token, with an unknown one, or after 7 days', async () => {
    let now = Date.parse('2024-05-01T00:00:00Z');
    const { api, refreshToken } = await signedIn({ clock: () => now });
    const missing = await refresh(api.url);
    expect(missing).toMatchObject({ status: 401, body: { error: 'Missing refresh token cookie; sign in again' } });
    expect(missing.headers.getSetCookie()[0]).toMatch(/^ns_refresh=; Path=\/auth; Expires=Thu, 01 Jan 1970/);
    expect((await refresh(api.url, 'A'.repeat(43))).status).toBe(401);
    now += 7 * 24 * 3600 * 1000;
    expect(await refresh(api.url, refreshToken)).toMatchObject({ status: 401, body: { error: 'Refresh token expired; sign in again' } });
  });

  it('works under the mount path, where the cookie is scoped', async () => {
    const { api, refreshToken } = await signedIn({ mountPath: '/ns' }, '/ns');
    const res = await refresh(api.url, refreshToken, '/ns');
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()[0]).toContain('; Path=/ns/auth;');
  });
});

describe('POST /auth/logout', () => {
  it('revokes the refresh token and clears the cookie', async () => {
    const { api, refreshToken } = await signedIn();
    const res = await call(api.url, 'POST', '/auth/logout', { headers: { Cookie: `ns_refresh=${refreshToken}` } });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie()[0]).toMatch(/^ns_refresh=; Path=\/auth; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Strict$/);
    expect((await refresh(api.url, refreshToken)).status).toBe(401);
  });

  it('answers 204 without a session too', async () => {
    const { api } = await signedIn();
    expect((await call(api.url, 'POST', '/auth/logout')).status).toBe(204);
  });
});
