import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { createNorthstarRouter, hashPassword } from '@northstar/server';
import { PASSWORD, TEST_JWT_SECRET, addAccount, call, login, startAuthServer } from './support/accounts.js';
import type { TestServer } from './support/test-server.js';

let api: TestServer | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

async function serverWithAccount(options: Parameters<typeof startAuthServer>[0] = {}): Promise<TestServer> {
  api = await startAuthServer(options);
  await addAccount(api.storage, 'Ada@Example.com', { projectId: api.demo.project_id, role: 'viewer' });
  return api;
}

describe('POST /auth/login', () => {
  it('answers 200 with a Bearer access token for 900 s and the account', async () => {
    const { url } = await serverWithAccount();
    const { response } = await login(url, 'ada@example.com');
    expect(response.body).toEqual({
      access_token: expect.stringMatching(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/),
      token_type: 'Bearer',
      expires_in: 900,
      account: { id: expect.any(Number), email: 'Ada@Example.com', name: null },
    });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('sets the refresh token as an httpOnly, Secure, SameSite=Strict cookie on the auth path for 7 days', async () => {
    const { url } = await serverWithAccount();
    const { response, refreshToken } = await login(url, 'ada@example.com');
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('ns_refresh='));
    expect(refreshToken).toMatch(/^[\w-]{43}$/);
    expect(cookie).toContain('; Path=/auth;');
    expect(cookie).toContain('Max-Age=604800');
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(response.text).not.toContain(refreshToken);
  });

  it('scopes the cookie to the auth routes under the mount path', async () => {
    const { url } = await serverWithAccount({ mountPath: '/ns' });
    const { response } = await login(url, 'ada@example.com', PASSWORD, '/ns');
    expect(response.headers.getSetCookie()[0]).toContain('; Path=/ns/auth;');
  });

  it('answers a wrong password and an unknown email with the same 401', async () => {
    const { url } = await serverWithAccount();
    const wrongPassword = await call(url, 'POST', '/auth/login', { body: { email: 'ada@example.com', password: 'not the password' } });
    const unknownEmail = await call(url, 'POST', '/auth/login', { body: { email: 'nobody@example.com', password: PASSWORD } });
    expect(wrongPassword).toMatchObject({ status: 401, body: { error: 'Invalid email or password' } });
    expect(unknownEmail).toMatchObject({ status: 401, body: { error: 'Invalid email or password' } });
    expect(wrongPassword.headers.getSetCookie()).toEqual([]);
  });

  it('spends the same scrypt work on an unknown email as on a wrong password', async () => {
    // A cost where hashing dominates the request (~20 ms); an early return would answer ~20x faster.
    const { url } = await serverWithAccount({ passwordHashCost: { N: 2 ** 14, r: 8, p: 1 }, rateLimits: false });
    await call(url, 'POST', '/auth/login', { body: { email: 'warm@example.com', password: 'x' } });
    const median = async (email: string): Promise<number> => {
      const times: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const start = performance.now();
        await call(url, 'POST', '/auth/login', { body: { email, password: 'wrong password' } });
        times.push(performance.now() - start);
      }
      return times.sort((a, b) => a - b)[2] ?? 0;
    };
    // The account was hashed with the fast test cost: give it one of the slow cost for a fair comparison.
    const account = await api!.storage.config.findAccountByEmail('ada@example.com');
    await api!.storage.config.updateAccount(account!.id, { password_hash: await hashPassword(PASSWORD, { N: 2 ** 14, r: 8, p: 1 }) });
    const known = await median('ada@example.com');
    const unknown = await median('nobody@example.com');
    expect(unknown).toBeGreaterThan(known * 0.4);
  });

  it('answers 400 for a body without email or password', async () => {
    const { url } = await serverWithAccount();
    expect(await call(url, 'POST', '/auth/login', { body: { email: 'ada@example.com' } })).toMatchObject({
      status: 400,
      body: { error: 'password is required' },
    });
    expect((await call(url, 'POST', '/auth/login', { body: '{nope' })).status).toBe(400);
  });

  it('answers 415 for a text/plain body, which a cross-site form could send', async () => {
    const { url } = await serverWithAccount();
    const res = await call(url, 'POST', '/auth/login', { body: { email: 'ada@example.com', password: PASSWORD }, headers: { 'Content-Type': 'text/plain' } });
    expect(res.status).toBe(415);
  });

  it('upgrades a hash of another cost after a successful sign-in', async () => {
    const { url, storage } = await serverWithAccount({ passwordHashCost: { N: 2048, r: 8, p: 1 } });
    await login(url, 'ada@example.com');
    await expect.poll(async () => (await storage.config.findAccountByEmail('ada@example.com'))?.password_hash).toMatch(/^scrypt\$2048\$8\$1\$/);
    await login(url, 'ada@example.com');
  });
});

describe('the access token', () => {
  it('is an HS256 JWT for the account: sub, iss, aud, 15 minutes from iat', async () => {
    const { url } = await serverWithAccount();
    const { accessToken, response } = await login(url, 'ada@example.com');
    expect(decodeProtectedHeader(accessToken)).toEqual({ alg: 'HS256', typ: 'at+jwt' });
    const claims = decodeJwt(accessToken);
    expect(claims).toMatchObject({ sub: String((response.body as { account: { id: number } }).account.id), iss: 'northstar', aud: 'northstar-api' });
    expect(claims.exp! - claims.iat!).toBe(900);
  });

  it('opens GET /auth/me, which shows the account and its memberships', async () => {
    const { url, demo } = await serverWithAccount();
    const { accessToken } = await login(url, 'ada@example.com');
    expect(await call(url, 'GET', '/auth/me', { token: accessToken })).toMatchObject({
      status: 200,
      body: { account: { email: 'Ada@Example.com', name: null }, memberships: [{ project_id: demo.project_id, role: 'viewer' }] },
    });
  });

  it('expires after 15 minutes of the router clock', async () => {
    let now = Date.parse('2024-05-01T12:00:00Z');
    const { url } = await serverWithAccount({ clock: () => now });
    const { accessToken } = await login(url, 'ada@example.com');
    now += 899_000;
    expect((await call(url, 'GET', '/auth/me', { token: accessToken })).status).toBe(200);
    now += 1_000;
    expect(await call(url, 'GET', '/auth/me', { token: accessToken })).toMatchObject({ status: 401, body: { error: 'Invalid or expired access token' } });
  });

  it('is refused when signed with another secret, another algorithm, another audience or none', async () => {
    const { url, storage } = await serverWithAccount();
    const account = await storage.config.findAccountByEmail('ada@example.com');
    const sub = String(account!.id);
    const now = Math.floor(Date.now() / 1000);
    const sign = (secret: string, alg = 'HS256', aud = 'northstar-api', typ = 'at+jwt') =>
      new SignJWT({})
        .setProtectedHeader({ alg, typ })
        .setSubject(sub)
        .setIssuer('northstar')
        .setAudience(aud)
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .sign(new TextEncoder().encode(secret));
    const good = await sign(TEST_JWT_SECRET);
    expect((await call(url, 'GET', '/auth/me', { token: good })).status).toBe(200);
    const unsigned = `${Buffer.from('{"alg":"none","typ":"at+jwt"}').toString('base64url')}.${good.split('.')[1]}.`;
    for (const token of [
      await sign('another-secret-of-at-least-thirty-two-bytes'),
      await sign(TEST_JWT_SECRET, 'HS512'),
      await sign(TEST_JWT_SECRET, 'HS256', 'northstar-embed'),
      await sign(TEST_JWT_SECRET, 'HS256', 'northstar-api', 'JWT'),
      unsigned,
      'not-a-jwt',
    ]) {
      expect((await call(url, 'GET', '/auth/me', { token })).status).toBe(401);
    }
  });

  it('is refused on /auth/me when given a secret key instead (403) or nothing (401)', async () => {
    const { url, demo } = await serverWithAccount();
    expect((await call(url, 'GET', '/auth/me', { token: demo.sk })).status).toBe(403);
    expect((await call(url, 'GET', '/auth/me')).status).toBe(401);
  });
});

describe('the JWT secret', () => {
  it('must be at least 32 bytes', () => {
    expect(() => createNorthstarRouter({ storage: createMemoryStorage(), jwtSecret: 'short' })).toThrow('jwtSecret must be at least 32 bytes, got 5');
  });

  it('defaults to a random secret per process, with a warning', () => {
    const warnings: string[] = [];
    createNorthstarRouter({ storage: createMemoryStorage(), logger: { error: () => {}, warn: (message) => warnings.push(message) } });
    expect(warnings).toEqual([expect.stringContaining('jwtSecret is not set')]);
  });
});
