// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { answerOnce, delivered, names, requests, server, startClient, storedQueue, useApi } from './msw-api.js';

useApi();
beforeEach(() => {
  // Only the clock is fake: msw and fetch keep real promises and microtasks.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('when the queue is sent', () => {
  it('sends after flushInterval', async () => {
    const client = startClient({ flushInterval: 2000 });
    client.track('a');
    await vi.advanceTimersByTimeAsync(1999);
    expect(requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await client.flush();
    expect(names()).toEqual(['a']);
  });

  it('sends at once when flushSize events are queued ($session_start counts as one)', async () => {
    const client = startClient({ flushSize: 4, flushInterval: 60_000 });
    client.track('a');
    client.track('b');
    expect(requests).toHaveLength(0);
    client.track('c');
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(names()).toEqual(['a', 'b', 'c']);
  });

  it('keeps at most maxQueueSize events, dropping the oldest', async () => {
    const client = startClient({ maxQueueSize: 3 });
    for (const name of ['a', 'b', 'c', 'd', 'e']) client.track(name);
    await client.flush();
    expect(names()).toEqual(['c', 'd', 'e']);
  });
});

describe('when sending fails', () => {
  it('keeps events queued after a 503 and delivers them on the next flush', async () => {
    answerOnce(503);
    const client = startClient();
    client.track('a');
    await client.flush();
    expect(requests.map((r) => r.status)).toEqual([503]);
    // Backoff of the first retry: 1000 ms × Math.random() (0.5 here).
    await vi.advanceTimersByTimeAsync(500);
    await client.flush();
    expect(requests.map((r) => r.status)).toEqual([503, 200]);
    expect(delivered({ sessions: true }).map((e) => e.uuid)).toEqual(requests[0]?.body.batch.map((e) => e.uuid));
  });

  it('retries after a network error', async () => {
    server.use(http.post(/\/v1\/track$/, () => HttpResponse.error(), { once: true }));
    const client = startClient();
    client.track('a');
    await client.flush();
    expect(requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(500);
    await client.flush();
    expect(names()).toEqual(['a']);
  });

  it('honours Retry-After on 429', async () => {
    answerOnce(429, { error: 'rate limited' }, { 'Retry-After': '5' });
    const client = startClient();
    client.track('a');
    await client.flush();
    await vi.advanceTimersByTimeAsync(4999);
    await client.flush();
    expect(requests.map((r) => r.status)).toEqual([429]);
    await vi.advanceTimersByTimeAsync(1);
    await client.flush();
    expect(names()).toEqual(['a']);
  });

  it('drops only the events the server rejected on a 400', async () => {
    answerOnce(400, { accepted: 0, rejected: [{ index: 2, error: 'event_name too long' }] });
    const client = startClient();
    for (const name of ['a', 'b', 'c']) client.track(name);
    await client.flush();
    await client.flush();
    expect(requests.map((r) => r.status)).toEqual([400, 200]);
    expect(names()).toEqual(['a', 'c']);
  });

  it('drops the batch on a 400 that lists no rejected events', async () => {
    answerOnce(400, { error: 'invalid JSON' });
    const client = startClient();
    client.track('a');
    await client.flush();
    client.track('b');
    await client.flush();
    expect(names()).toEqual(['b']);
  });

  it('does not resend events a 200 reported as rejected', async () => {
    answerOnce(200, { accepted: 2, rejected: [{ index: 1, error: 'bad' }] });
    const client = startClient();
    client.track('a');
    client.track('b');
    await client.flush();
    client.track('c');
    await client.flush();
    expect(requests.map((r) => r.body.batch.length)).toEqual([3, 1]);
  });
});

describe('persistence', () => {
  it('restores events persisted before a reload', async () => {
    answerOnce(503);
    const before = startClient();
    before.track('a');
    before.track('b');
    await before.flush();
    // The reload: during the backoff nothing is beaconed, the queue is only written to localStorage.
    dispatchEvent(new Event('pagehide'));
    const noWrites = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => undefined);
    before.destroy();
    noWrites.mockRestore();
    const after = startClient();
    await after.flush();
    expect(names()).toEqual(['a', 'b']);
    expect(delivered({ sessions: true }).map((e) => e.uuid)).toEqual(requests[0]?.body.batch.map((e) => e.uuid));
  });

  it('writes localStorage in batches, not on each track() call', async () => {
    const client = startClient({ flushSize: 100 });
    client.track('opens the session');
    await vi.advanceTimersByTimeAsync(500);
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    for (let i = 0; i < 50; i++) client.track(`e${i}`);
    expect(setItem).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(500);
    expect(setItem.mock.calls.map(([key]) => key.replace(/q\..*/, 'q.<tab>')).sort()).toEqual(['ns_pk_test_123_q.<tab>', 'ns_pk_test_123_session']);
    expect(storedQueue().length).toBeGreaterThan(50);
  });

  it('stops timers and listeners on destroy()', async () => {
    const client = startClient();
    client.track('a');
    client.destroy();
    client.track('b');
    dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(requests).toHaveLength(0);
    expect(storedQueue().map((e) => e.event_name)).toEqual(['$session_start', 'a']);
  });
});
