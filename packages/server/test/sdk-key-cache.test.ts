import { readFile } from 'node:fs/promises';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { seedDemoProject } from '@northstar/server';
import { hashApiKey } from '../src/keys/hash-key.js';
import { cachedSdkKeys } from '../src/ingest/sdk-key-cache.js';
import { postJson, startTestServer } from './support/test-server.js';

describe('the SDK key cache of /v1/track', () => {
  it('reads the key table once per key within ttlMs', async () => {
    const storage = createMemoryStorage();
    const { pk } = await seedDemoProject(storage);
    const lookup = vi.spyOn(storage.config, 'findApiKeyByHash');
    const authenticate = cachedSdkKeys(storage.config, { ttlMs: 1_000, maxEntries: 10, clock: () => 0 });
    expect((await authenticate(pk))?.kind).toBe('pk');
    expect((await authenticate(pk))?.kind).toBe('pk');
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it('stops trusting a revoked key once ttlMs has passed', async () => {
    const storage = createMemoryStorage();
    const { pk } = await seedDemoProject(storage);
    let now = 0;
    const authenticate = cachedSdkKeys(storage.config, { ttlMs: 1_000, maxEntries: 10, clock: () => now });
    await authenticate(pk);
    const record = await storage.config.findApiKeyByHash(hashApiKey(pk));
    await storage.config.revokeApiKey(record?.id ?? -1, new Date().toISOString());
    now = 999;
    expect(await authenticate(pk)).toBeDefined();
    now = 1_000;
    expect(await authenticate(pk)).toBeUndefined();
  });

  it('never remembers an unknown key, and forgets the oldest key beyond maxEntries', async () => {
    const storage = createMemoryStorage();
    const first = await seedDemoProject(storage);
    const second = await seedDemoProject(storage);
    const lookup = vi.spyOn(storage.config, 'findApiKeyByHash');
    const authenticate = cachedSdkKeys(storage.config, { ttlMs: 1_000, maxEntries: 1, clock: () => 0 });
    await authenticate('pk_unknown');
    await authenticate('pk_unknown');
    await authenticate(first.pk);
    await authenticate(second.pk);
    await authenticate(first.pk);
    expect(lookup).toHaveBeenCalledTimes(5);
  });

  it('is off with sdkKeyCacheMs: 0, so a revoked key is refused at once', async () => {
    const api = await startTestServer({ sdkKeyCacheMs: 0 });
    try {
      const send = () => postJson(`${api.url}/v1/track`, { event_name: 'x', device_id: 'd' }, { 'X-API-Key': api.demo.pk });
      expect((await send()).status).toBe(200);
      const record = await api.storage.config.findApiKeyByHash(hashApiKey(api.demo.pk));
      await api.storage.config.revokeApiKey(record?.id ?? -1, new Date().toISOString());
      expect((await send()).status).toBe(401);
    } finally {
      await api.close();
    }
  });
});

describe('the documents that promise 401 for a revoked pk_ key', () => {
  it.each(['docs/access.md', 'docs/ingestion-endpoints.md', 'docs/ingestion-track.md', 'docs/auth.md'])(
    '%s says a revoked pk_ key is accepted for up to sdkKeyCacheMs (10 s)',
    async (doc) => {
      const text = (await readFile(new URL(`../../../${doc}`, import.meta.url), 'utf8')).replace(/\s+/g, ' ');
      expect(text).toMatch(/revoked `pk_`[^.]*`sdkKeyCacheMs`[^.]*10 s/);
    },
  );
});
