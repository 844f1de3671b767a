import { afterEach, describe, expect, it } from 'vitest';
import { PASSWORD, addAccount, call, startAuthServer } from './support/accounts.js';
import type { TestServer } from './support/test-server.js';

// Sign-in limits beyond the per-IP `login` class (which every suite raises to 1,000 a minute here, as
// many addresses together would): a bound on concurrent password hashing, and a per-account limit.
let api: TestServer | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const signIn = (email: string, password: string) => call(api!.url, 'POST', '/auth/login', { body: { email, password } });

describe('failed sign-ins per account', () => {
  it('answers 429 with Retry-After after 10 failed sign-ins to one account, even with the right password', async () => {
    api = await startAuthServer();
    await addAccount(api.storage, 'ada@example.com');
    for (let i = 0; i < 10; i += 1) expect((await signIn('ada@example.com', `guess ${i}`)).status).toBe(401);
    const refused = await signIn('ada@example.com', PASSWORD);
    expect(refused).toMatchObject({ status: 429, body: { error: expect.stringContaining('failed sign-ins') } });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
  });

  it('counts the email in any case and with surrounding spaces as one account', async () => {
    api = await startAuthServer();
    await addAccount(api.storage, 'ada@example.com');
    const forms = ['ada@example.com', 'ADA@example.com', ' Ada@Example.com ', 'ada@EXAMPLE.COM'];
    for (let i = 0; i < 10; i += 1) expect((await signIn(forms[i % forms.length]!, 'wrong')).status).toBe(401);
    expect((await signIn('ada@example.com', 'wrong')).status).toBe(429);
  });

  it('limits unknown emails too, and leaves other accounts and successful sign-ins alone', async () => {
    api = await startAuthServer();
    await addAccount(api.storage, 'ada@example.com');
    await addAccount(api.storage, 'bob@example.com');
    for (let i = 0; i < 10; i += 1) expect((await signIn('nobody@example.com', 'wrong')).status).toBe(401);
    expect((await signIn('nobody@example.com', 'wrong')).status).toBe(429);
    for (let i = 0; i < 12; i += 1) expect((await signIn('bob@example.com', PASSWORD)).status).toBe(200);
    for (let i = 0; i < 9; i += 1) expect((await signIn('ada@example.com', 'wrong')).status).toBe(401);
    expect((await signIn('ada@example.com', PASSWORD)).status).toBe(200);
  });

  it('takes its numbers from the loginProtection option, and false turns it off', async () => {
    api = await startAuthServer({ loginProtection: { failuresPerAccount: 2 } });
    await addAccount(api.storage, 'ada@example.com');
    expect((await signIn('ada@example.com', 'wrong')).status).toBe(401);
    expect((await signIn('ada@example.com', 'wrong')).status).toBe(401);
    expect((await signIn('ada@example.com', PASSWORD)).status).toBe(429);
    await api.close();
    api = await startAuthServer({ loginProtection: { failuresPerAccount: false } });
    await addAccount(api.storage, 'ada@example.com');
    for (let i = 0; i < 12; i += 1) expect((await signIn('ada@example.com', 'wrong')).status).toBe(401);
  });
});

describe('concurrent password hashing', () => {
  it('answers sign-ins beyond the hashing queue with 429 and Retry-After at once, never 5xx', async () => {
    // A cost where one hash takes tens of ms, so that 24 concurrent sign-ins overlap.
    api = await startAuthServer({ passwordHashCost: { N: 2 ** 14, r: 8, p: 1 }, loginProtection: { hashConcurrency: 1, hashQueue: 2 } });
    await addAccount(api.storage, 'ada@example.com');
    await signIn('warm@example.com', 'x'); // makes the dummy hash
    const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => signIn(`user${i}@example.com`, 'wrong')));
    const statuses = answers.map((answer) => answer.status);
    expect(
      statuses.every((status) => status === 401 || status === 429),
      statuses.join(),
    ).toBe(true);
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThanOrEqual(3);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.headers.get('retry-after')).toBe('1');
      expect(answer.body).toEqual({ error: 'Too many sign-ins at once; retry after 1 s' });
    }
  });
});
