import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { delay, http, HttpResponse } from 'msw';
import { HOST, identifies, names, recordTrack, requests, server, startClient, useApi } from './msw-api.js';

useApi();
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The server is down (503, `Retry-After` seconds) until `up()` is called. */
function outage(retryAfter?: string): { up(): void } {
  let down = true;
  server.use(
    http.post(`${HOST}/v1/track`, ({ request }) => recordTrack(request, down ? 503 : 200, down && retryAfter ? { 'Retry-After': retryAfter } : undefined)),
    http.post(`${HOST}/v1/identify`, () => (down ? HttpResponse.json({ error: 'down' }, { status: 503 }) : undefined)),
  );
  return { up: () => (down = false) };
}

describe('shutdown()', () => {
  it('delivers everything queued and reports nothing left', async () => {
    const client = startClient({ flushInterval: 60_000 });
    for (let i = 0; i < 150; i++) client.track({ event: `e${i}`, userId: 'u' });
    const report = await client.shutdown();
    expect(names()).toHaveLength(150);
    expect(report).toMatchObject({ undelivered: [], undeliveredIdentifies: [], delivered: 150, complete: true });
  });

  it('keeps retrying through an outage and delivers what the server takes before the deadline', async () => {
    const server = outage();
    const client = startClient();
    client.track({ event: 'a', userId: 'u' });
    client.track({ event: 'b', userId: 'u' });
    const done = client.shutdown({ timeoutMs: 30_000 });
    await vi.waitFor(() => expect(requests.length).toBeGreaterThanOrEqual(2));
    server.up();
    await vi.advanceTimersByTimeAsync(10_000);
    const report = await done;
    expect(names()).toEqual(['a', 'b']);
    expect(report).toMatchObject({ undelivered: [], complete: true });
  });

  it('reports, at the deadline, the events the server never confirmed', async () => {
    outage();
    const client = startClient();
    client.track({ event: 'a', userId: 'u' });
    client.identify({ userId: 'u', deviceId: 'd' });
    const done = client.shutdown({ timeoutMs: 5000 });
    await vi.advanceTimersByTimeAsync(5000);
    const report = await done;
    expect(report.undelivered.map((e) => e.event_name)).toEqual(['a', '$identify']);
    expect(report.undeliveredIdentifies).toEqual([expect.objectContaining({ user_id: 'u', device_id: 'd' })]);
    expect(report.complete).toBe(false);
  });

  it('stops at once when the server asks to wait past the deadline', async () => {
    outage('3600');
    const client = startClient();
    client.track({ event: 'a', userId: 'u' });
    const report = await client.shutdown({ timeoutMs: 60_000 });
    expect(requests).toHaveLength(1);
    expect(report.undelivered).toHaveLength(1);
  });

  it('aborts a request the server never answers, at the deadline', async () => {
    server.use(
      http.post(`${HOST}/v1/track`, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const client = startClient();
    client.track({ event: 'a', userId: 'u' });
    const done = client.shutdown({ timeoutMs: 3000 });
    await vi.advanceTimersByTimeAsync(3000);
    expect((await done).undelivered.map((e) => e.event_name)).toEqual(['a']);
  });

  it('takes no event after it started, and returns the same report when called again', async () => {
    const client = startClient();
    const first = client.shutdown();
    expect(client.track({ event: 'late', userId: 'u' })).toBe(false);
    expect(client.identify({ userId: 'u' })).toBe(false);
    expect(client.shutdown()).toBe(first);
    await first;
    expect(identifies).toHaveLength(0);
  });
});
