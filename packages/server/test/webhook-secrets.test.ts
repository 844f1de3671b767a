import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createSecretBox, webhookSecretOf } from '@northstar/server';
import { call, startResourceServer } from './support/document-crud.js';
import type { TestServer } from './support/test-server.js';

const KEY = randomBytes(32);
const box = createSecretBox(KEY);
const webhook = (extra: Record<string, unknown> = {}) => ({ url: 'https://hooks.example/x', events: ['alert_triggered'], ...extra });

describe('the secret box (AES-256-GCM)', () => {
  it('seals into enc:v1:<iv>:<ciphertext+tag>, base64url, with a fresh IV each time, and opens again', () => {
    const sealed = box.seal('whsec_a-secret-to-keep');
    expect(sealed).toMatch(/^enc:v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('a-secret-to-keep');
    expect(box.seal('whsec_a-secret-to-keep')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('whsec_a-secret-to-keep');
  });

  it('refuses to open a value sealed with another key, an altered one, or plaintext', () => {
    const sealed = box.seal('whsec_a-secret-to-keep');
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow('does not open');
    const flipped = `${sealed.slice(0, -2)}${sealed.endsWith('AA') ? 'BA' : 'AA'}`;
    expect(() => box.open(flipped)).toThrow();
    expect(() => box.open('whsec_plain')).toThrow('not a sealed value');
  });

  it('takes a key as 32 bytes, 64 hex characters or base64(url) of 32 bytes, and nothing shorter', () => {
    const sealed = box.seal('s');
    for (const key of [KEY, KEY.toString('hex'), KEY.toString('base64'), KEY.toString('base64url')]) expect(createSecretBox(key).open(sealed)).toBe('s');
    expect(() => createSecretBox(randomBytes(31))).toThrow('secretsKey must be 32 bytes');
    expect(() => createSecretBox('a passphrase that is long enough to be 32 bytes')).toThrow('secretsKey must be 32 bytes');
  });
});

describe('webhook secrets at rest', () => {
  let api: TestServer;
  afterEach(() => api.close());
  const base = () => `/v1/projects/${api.demo.project_id}/webhooks`;
  const stored = async (id: number) => (await api.storage.config.getDocument({ projectId: api.demo.project_id, kind: 'webhook', id }))!;

  it('stores a generated or given secret encrypted: the stored document does not contain it, and webhookSecretOf opens it', async () => {
    api = await startResourceServer({ secretsKey: KEY });
    for (const body of [webhook(), webhook({ secret: 'a-given-shared-secret-value' })]) {
      const created = await call(api, 'POST', base(), body);
      expect(created.status).toBe(201);
      const secret = String(created.body.secret);
      const document = await stored(created.body.id);
      expect(JSON.stringify(document)).not.toContain(secret);
      expect(document.data.secret_encrypted).toMatch(/^enc:v1:/);
      expect(webhookSecretOf(document.data, box)).toBe(secret);
      expect((await call(api, 'GET', `${base()}/${created.body.id}`)).body).toMatchObject({ secret_prefix: created.body.secret_prefix });
    }
  });

  it('keeps the secret through a PUT or PATCH without one, and encrypts a rotated one', async () => {
    api = await startResourceServer({ secretsKey: KEY });
    const created = await call(api, 'POST', base(), webhook({ secret: 'a-given-shared-secret-value' }));
    const id = created.body.id;
    const put = await call(api, 'PUT', `${base()}/${id}`, { ...webhook({ url: 'https://hooks.example/y' }), version: 1 });
    expect(put.body).toMatchObject({ version: 2, secret_prefix: 'a-give' });
    expect(put.body).not.toHaveProperty('secret_encrypted');
    expect(webhookSecretOf((await stored(id)).data, box)).toBe('a-given-shared-secret-value');
    await call(api, 'PATCH', `${base()}/${id}`, { secret: 'a-rotated-secret-value', version: 2 });
    const rotated = await stored(id);
    expect(JSON.stringify(rotated)).not.toContain('a-rotated-secret-value');
    expect(webhookSecretOf(rotated.data, box)).toBe('a-rotated-secret-value');
  });

  it('reads a legacy plaintext secret, and encrypts it on the next write', async () => {
    api = await startResourceServer({ secretsKey: KEY });
    const legacy = await api.storage.config.createDocument({
      project_id: api.demo.project_id,
      kind: 'webhook',
      data: { ...webhook(), active: true, secret: 'a-legacy-plaintext-secret' },
    });
    expect(webhookSecretOf(legacy.data, box)).toBe('a-legacy-plaintext-secret');
    expect((await call(api, 'GET', `${base()}/${legacy.id}`)).body).toMatchObject({ secret_prefix: 'a-lega' });
    expect((await call(api, 'PATCH', `${base()}/${legacy.id}`, { active: false, version: 1 })).status).toBe(200);
    const rewritten = await stored(legacy.id);
    expect(JSON.stringify(rewritten)).not.toContain('a-legacy-plaintext-secret');
    expect(rewritten.data).not.toHaveProperty('secret');
    expect(webhookSecretOf(rewritten.data, box)).toBe('a-legacy-plaintext-secret');
  });

  it('refuses to create or change webhooks with 503 when the router has no secretsKey, and still lists them', async () => {
    api = await startResourceServer({ secretsKey: undefined });
    const refused = await call(api, 'POST', base(), webhook());
    expect(refused.status).toBe(503);
    expect(refused.body.error).toMatch(/secretsKey/);
    expect((await call(api, 'GET', base())).status).toBe(200);
  });

  it('answers 503, not 500, when a stored secret does not open with the configured key', async () => {
    api = await startResourceServer({ secretsKey: randomBytes(32) });
    const foreign = await api.storage.config.createDocument({
      project_id: api.demo.project_id,
      kind: 'webhook',
      data: { ...webhook(), active: true, secret_encrypted: box.seal('another-keys-secret'), secret_prefix: 'anot' },
    });
    const res = await call(api, 'PATCH', `${base()}/${foreign.id}`, { active: false, version: 1 });
    expect(res.status).toBe(503);
    expect(res.body.error).toMatch(/secretsKey/);
  });

  it('refuses a secretsKey that is not 32 bytes when the router is made', async () => {
    await expect(startResourceServer({ secretsKey: 'too short' })).rejects.toThrow('secretsKey must be 32 bytes');
    api = await startResourceServer();
  });
});
