import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { eventQuery, postJson, startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

let api: TestServer | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const never = () => new Promise<never>(() => {});

describe('a database that is down or slow', () => {
  it('answers 503 with Retry-After once a storage call outlives storageTimeoutMs, never hangs', async () => {
    const storage = createMemoryStorage();
    storage.events.appendEvents = never;
    api = await startTestServer({ storage, storageTimeoutMs: 200, storageRetryAfterSeconds: 7 });
    const started = Date.now();
    const res = await postJson(`${api.url}/v1/track`, { event_name: 'x', device_id: 'd' }, { 'X-API-Key': api.demo.pk });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(res).toMatchObject({ status: 503, body: { error: 'Storage did not answer within 200 ms; try again later' } });
    expect(res.headers.get('retry-after')).toBe('7');
  });

  it('answers 503 when the key lookup fails, on ingestion and on queries', async () => {
    const storage = createMemoryStorage();
    api = await startTestServer({ storage });
    vi.spyOn(storage.config, 'findApiKeyByHash').mockRejectedValue(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    const track = await postJson(`${api.url}/v1/track`, { event_name: 'x', device_id: 'd' }, { 'X-API-Key': api.demo.pk });
    const query = await postJson(`${api.url}/v1/api/query/events`, eventQuery(api.demo.project_id, ['x'], '2024-05-01'), { Authorization: `Bearer ${api.demo.sk}` });
    expect([track.status, query.status]).toEqual([503, 503]);
    expect(query.body).toEqual({ error: expect.stringContaining('Storage unavailable') });
  });

  it('recovers by itself when the database returns, and logs the outage once and the recovery once', async () => {
    const storage = createMemoryStorage();
    const errors: string[] = [];
    const notices: string[] = [];
    api = await startTestServer({ storage, logger: { error: (message) => errors.push(message), info: (message) => notices.push(message) } });
    const append = vi.spyOn(storage.events, 'appendEvents').mockRejectedValue(new Error('server has gone away'));
    const send = () => postJson(`${api?.url}/v1/track`, { event_name: 'x', device_id: 'd' }, { 'X-API-Key': api?.demo.pk ?? '' });
    expect((await send()).status).toBe(503);
    expect((await send()).status).toBe(503);
    append.mockRestore();
    expect(await send()).toMatchObject({ status: 200, body: { accepted: 1 } });
    expect(errors).toEqual(['[northstar] storage unavailable; answering 503 until it recovers']);
    expect(notices).toEqual(['[northstar] storage works again']);
  });
});

describe('errors that are not outages', () => {
  it('keeps a programming error of the adapter a 500, logged', async () => {
    const storage = createMemoryStorage();
    const logged: unknown[] = [];
    api = await startTestServer({ storage, logger: { error: (_message, error) => logged.push(error) } });
    vi.spyOn(storage.events, 'appendEvents').mockRejectedValue(new TypeError('undefined is not a function'));
    const res = await postJson(`${api.url}/v1/track`, { event_name: 'x', device_id: 'd' }, { 'X-API-Key': api.demo.pk });
    expect(res).toMatchObject({ status: 500, body: { error: 'Internal error' } });
    expect(logged).toHaveLength(1);
  });
});
