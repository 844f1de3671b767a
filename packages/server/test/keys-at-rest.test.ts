import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knex from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageFromUrl } from '@northstar/cli';
import { addAccount, call, login, refreshCookieOf, startAuthServer } from './support/accounts.js';
import type { ApiResponse } from './support/accounts.js';
import type { TestServer } from './support/test-server.js';

/**
 * Secrets at rest: keys and tokens are made through the API against an SQLite file, then every row of
 * every table, and the database files byte by byte, are searched for them. Only hashes may be there.
 */
let dir: string;
let api: TestServer;
let closed = false;
/** Every full key, token and password the run produced, by what it is. */
const secrets: Record<string, string> = {};
/** Every response after the one that created each secret (the creation answers may show them once). */
const later: ApiResponse[] = [];
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function get(path: string, token: string): Promise<ApiResponse> {
  const res = await call(api.url, 'GET', path, { token });
  expect(res.status).toBe(200);
  later.push(res);
  return res;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'northstar-at-rest-'));
  const { storage } = await storageFromUrl(`sqlite:${join(dir, 'data.db')}`);
  api = await startAuthServer({ storage });
  secrets['demo pk_'] = api.demo.pk;
  secrets['demo sk_'] = api.demo.sk;

  secrets['owner password'] = 'owner password that must not be stored';
  await addAccount(api.storage, 'owner@example.com', undefined, secrets['owner password']);
  const first = await login(api.url, 'owner@example.com', secrets['owner password']);
  secrets['first refresh token'] = first.refreshToken;
  secrets['first access token'] = first.accessToken;
  const refreshed = await call(api.url, 'POST', '/auth/refresh', { headers: { Cookie: `ns_refresh=${first.refreshToken}` } });
  secrets['rotated refresh token'] = refreshCookieOf(refreshed.headers)!;
  const token = (refreshed.body as { access_token: string }).access_token;
  secrets['second access token'] = token;

  const project = await call(api.url, 'POST', '/v1/projects', { token, body: { name: 'Shop' } });
  const projectId = (project.body as { project: { id: number } }).project.id;
  secrets['project pk_'] = (project.body as { api_key: { key: string } }).api_key.key;
  const keys = `/v1/projects/${projectId}/api-keys`;
  const sk = await call(api.url, 'POST', keys, { token, body: { kind: 'sk', name: 'CI', scopes: ['admin'] } });
  secrets['sk_'] = (sk.body as { key: string }).key;
  const pk = await call(api.url, 'POST', keys, { token: secrets['sk_'], body: { kind: 'pk', name: 'Site' } });
  secrets['second pk_'] = (pk.body as { key: string }).key;
  const rotated = await call(api.url, 'POST', `${keys}/${(sk.body as { id: number }).id}/rotate`, { token, body: {} });
  secrets['rotated sk_'] = (rotated.body as { key: string }).key;

  secrets['member password'] = 'member password that must not be stored';
  await call(api.url, 'POST', `/v1/projects/${projectId}/members`, {
    token: secrets['rotated sk_'],
    body: { email: 'm@example.com', role: 'viewer', password: secrets['member password'] },
  });
  const member = await login(api.url, 'm@example.com', secrets['member password']);
  secrets['member refresh token'] = member.refreshToken;
  await call(api.url, 'POST', '/auth/logout', { headers: { Cookie: `ns_refresh=${member.refreshToken}` } });

  const hooks = `/v1/projects/${projectId}/webhooks`;
  const generated = await call(api.url, 'POST', hooks, { token, body: { url: 'https://93.184.216.34/hook', events: ['alert_triggered'] } });
  secrets['generated webhook secret'] = (generated.body as { secret: string }).secret;
  secrets['given webhook secret'] = 'a webhook secret given by the client, 48 chars..';
  const given = await call(api.url, 'POST', hooks, {
    token,
    body: { url: 'https://93.184.216.34/other', events: ['alert_triggered'], secret: secrets['given webhook secret'] },
  });
  expect(given.status).toBe(201);
  secrets['rotated webhook secret'] = 'a rotated webhook secret, also long enough';
  const webhookId = (given.body as { id: number }).id;
  expect((await call(api.url, 'PATCH', `${hooks}/${webhookId}`, { token, body: { secret: secrets['rotated webhook secret'], version: 1 } })).status).toBe(200);

  // Use the keys, so that last_used_at is written too.
  await call(api.url, 'POST', '/v1/track', { body: { event_name: 'x', device_id: 'd' }, headers: { 'X-API-Key': secrets['project pk_'] } });
  await get(keys, secrets['rotated sk_']);
  await get(`/v1/projects/${projectId}`, secrets['rotated sk_']);
  await get(`/v1/projects/${projectId}/members`, token);
  await get('/v1/projects', token);
  await get('/auth/me', token);
  await get(hooks, token);
  await get(`${hooks}/${webhookId}`, token);
  await get('/v1/openapi.json', token);
  expect(Object.values(secrets).every((secret) => typeof secret === 'string' && secret.length >= 30)).toBe(true);
});

afterAll(async () => {
  if (!closed) await api.close();
  await rm(dir, { recursive: true, force: true });
});

function leaks(text: string): string[] {
  return Object.entries(secrets)
    .filter(([, secret]) => text.includes(secret))
    .map(([name]) => name);
}

async function databaseFiles(): Promise<Buffer[]> {
  return Promise.all((await readdir(dir)).map((name) => readFile(join(dir, name))));
}

describe('keys and tokens at rest', () => {
  it('are in no row of any table, where their hashes are', async () => {
    const db = knex({ client: 'better-sqlite3', connection: { filename: join(dir, 'data.db'), options: { readonly: true } }, useNullAsDefault: true });
    try {
      const tables = await db<{ name: string; type: string }>('sqlite_master').where({ type: 'table' }).select('name');
      expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['ns_api_keys', 'ns_refresh_tokens', 'ns_accounts']));
      const rows = await Promise.all(
        tables.map(async ({ name }) =>
          JSON.stringify(await db(name).select('*'), (_key, value: unknown) => (Buffer.isBuffer(value) ? value.toString('latin1') : value)),
        ),
      );
      const dump = rows.join('\n');
      expect(leaks(dump)).toEqual([]);
      expect(dump).toContain(sha256(secrets['rotated sk_']!));
      expect(dump).toContain(sha256(secrets['rotated refresh token']!));
      expect(dump).toContain('scrypt$');
    } finally {
      await db.destroy();
    }
  });

  it('are nowhere in the bytes of the database files', async () => {
    const files = await databaseFiles();
    expect(files.length).toBeGreaterThan(0);
    for (const bytes of files) expect(leaks(bytes.toString('latin1'))).toEqual([]);
  });

  it('appear in no response after the one that created them', () => {
    expect(later.length).toBeGreaterThan(5);
    for (const res of later) expect(leaks(res.text)).toEqual([]);
  });

  it('stay out of the files after the database is closed and checkpointed', async () => {
    await api.close();
    closed = true;
    const files = await databaseFiles();
    expect(files.some((bytes) => bytes.toString('latin1').includes(sha256(secrets['rotated sk_']!)))).toBe(true);
    for (const bytes of files) expect(leaks(bytes.toString('latin1'))).toEqual([]);
  });
});
