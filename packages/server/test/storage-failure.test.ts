import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '@northstar/adapter-memory';
import type { RateLimitDecision } from '@northstar/server';
import { guardStorage, storageGuard } from '../src/storage/guard-storage.js';
import { inStorageBudget } from '../src/storage/storage-budget.js';
import { eventQuery, postJson, startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

let api: TestServer | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await api?.close();
  api = undefined;
});

const never = () => new Promise<never>(() => {});

describe('a database that is down or slow', () => {
  it('answers 503 with Retry-After once a storage call outlives storageTimeoutMs, never hangs', async () => {
    const storage = createMemoryStorage();
    storage.eventLog.appendEvents = never;
    api = await startTestServer({ storage, storageTimeoutMs: 200, storageRetryAfterSeconds: 7 });
    const started = Date.now();
    const res = await postJson(`${api.url}/v1/track`, { event_name: 'x', device_id: 'd' }, { 'X-API-Key': api.demo.pk });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(res).toMatchObject({ status: 503, body: { error: 'Storage did not answer within 200 ms; try again later' } });
    expect(res.headers.get('retry-after')).toBe('7');
  });

  it('answers 503 within storageTimeoutMs in all when the rate limiter spent part of it waiting on the database', async () => {
    const storage = createMemoryStorage();
    storage.eventLog.appendEvents = never;
    // The SQL limiter falls back to in-process counting after its own 1 s timeout: a slow "allowed".
    const slowAllowed = (): Promise<RateLimitDecision> =>
      new Promise((resolve) => setTimeout(() => resolve({ allowed: true, remaining: 9, resetMs: 60_000 }), 1_500));
    Object.assign(storage, { rateLimits: { name: 'slow', consume: slowAllowed } });
    api = await startTestServer({ storage, storageTimeoutMs: 2_000, rateLimits: {} });
    const started = Date.now();
    const res = await postJson(`${api.url}/v1/track`, { event_name: 'x', device_id: 'd' }, { 'X-API-Key': api.demo.pk });
    // Without one deadline it arrives after 1,500 + 2,000 ms.
    expect(Date.now() - started).toBeLessThan(2_000 + 800);
    expect(res).toMatchObject({ status: 503, body: { error: 'Storage did not answer within 2000 ms; try again later' } });
  });

  it('answers 503 when the key lookup fails, on ingestion and on queries', async () => {
    const storage = createMemoryStorage();
    api = await startTestServer({ storage });
    vi.spyOn(storage.config, 'findApiKeyByHash').mockRejectedValue(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    const track = await postJson(`${api.url}/v1/track`, { event_name: 'x', device_id: 'd' }, { 'X-API-Key': api.demo.pk });
    const query = await postJson(`${api.url}/v1/api/query/events`, eventQuery(api.demo.project_id, ['x'], '2024-05-01'), {
      Authorization: `Bearer ${api.demo.sk}`,
    });
    expect([track.status, query.status]).toEqual([503, 503]);
    expect(query.body).toEqual({ error: expect.stringContaining('Storage unavailable') });
  });

  it('recovers by itself when the database returns, and logs the outage once and the recovery once', async () => {
    const storage = createMemoryStorage();
    const errors: string[] = [];
    const notices: string[] = [];
    api = await startTestServer({ storage, logger: { error: (message) => errors.push(message), info: (message) => notices.push(message) } });
    const append = vi.spyOn(storage.eventLog, 'appendEvents').mockRejectedValue(new Error('server has gone away'));
    const send = () => postJson(`${api?.url}/v1/track`, { event_name: 'x', device_id: 'd' }, { 'X-API-Key': api?.demo.pk ?? '' });
    expect((await send()).status).toBe(503);
    expect((await send()).status).toBe(503);
    append.mockRestore();
    expect(await send()).toMatchObject({ status: 200, body: { accepted: 1 } });
    expect(errors).toEqual(['[northstar] storage unavailable; answering 503 until it recovers']);
    expect(notices).toEqual(['[northstar] storage works again']);
  });
});

describe('one storage deadline per request', () => {
  const slowly =
    <T>(ms: number, value: T) =>
    () =>
      new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

  function guarded() {
    const storage = createMemoryStorage();
    storage.config.getProject = slowly(600, undefined);
    storage.eventLog.appendEvents = never;
    return guardStorage(storage, storageGuard({ timeoutMs: 1_000, retryAfterSeconds: 5 }));
  }

  it('gives the storage calls of one request what is left of one timeoutMs, not a timeoutMs each', async () => {
    vi.useFakeTimers();
    const storage = guarded();
    const outcome = inStorageBudget({}, async () => {
      await storage.config.getProject(1);
      return storage.eventLog.appendEvents([]);
    }).then(
      () => 'stored',
      (error: unknown) => `${(error as Error).name} at ${Date.now() - start}`,
    );
    const start = Date.now();
    await vi.advanceTimersByTimeAsync(999);
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await outcome).toBe('StorageUnavailableError at 1000');
  });

  it('counts only the time spent waiting on storage, not the time between calls (a slow upload)', async () => {
    vi.useFakeTimers();
    const storage = guarded();
    const request = {};
    const start = Date.now();
    const first = inStorageBudget(request, () => storage.config.getProject(1));
    await vi.advanceTimersByTimeAsync(600);
    await first;
    await vi.advanceTimersByTimeAsync(30_000);
    const second = inStorageBudget(request, () => storage.eventLog.appendEvents([])).catch(
      (error: unknown) => `${(error as Error).name} at ${Date.now() - start}`,
    );
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await second).toBe('StorageUnavailableError at 31000');
  });

  it('gives calls outside any request the whole timeoutMs each', async () => {
    vi.useFakeTimers();
    const storage = guarded();
    const start = Date.now();
    await Promise.all([storage.config.getProject(1), vi.advanceTimersByTimeAsync(600)]);
    const late = storage.eventLog.appendEvents([]).catch((error: unknown) => `${(error as Error).name} at ${Date.now() - start}`);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await late).toBe('StorageUnavailableError at 1600');
  });
});

describe('errors that are not outages', () => {
  it('keeps a programming error of the adapter a 500, logged', async () => {
    const storage = createMemoryStorage();
    const logged: unknown[] = [];
    api = await startTestServer({ storage, logger: { error: (_message, error) => logged.push(error) } });
    vi.spyOn(storage.eventLog, 'appendEvents').mockRejectedValue(new TypeError('undefined is not a function'));
    const res = await postJson(`${api.url}/v1/track`, { event_name: 'x', device_id: 'd' }, { 'X-API-Key': api.demo.pk });
    expect(res).toMatchObject({ status: 500, body: { error: 'Internal error' } });
    expect(logged).toHaveLength(1);
  });
});
