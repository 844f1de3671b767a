import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { TrackedEvent } from '@northstar/core';
import { HOST, answerOnce, delivered, names, recordTrack, requests, server, startClient, useApi } from './msw-api.js';

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

const track = (client: ReturnType<typeof startClient>, ...events: string[]): void => {
  for (const event of events) client.track({ event, userId: 'user-1' });
};

describe('batching', () => {
  it('sends after flushInterval', async () => {
    const client = startClient({ flushInterval: 5000 });
    track(client, 'a');
    await vi.advanceTimersByTimeAsync(4999);
    expect(requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(names()).toEqual(['a']));
  });

  it('sends at once when flushSize events are queued, in one batch', async () => {
    const client = startClient({ flushSize: 3, flushInterval: 60_000 });
    track(client, 'a', 'b');
    expect(requests).toHaveLength(0);
    track(client, 'c');
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(names()).toEqual(['a', 'b', 'c']);
  });

  it('sends a long queue in batches of at most 100 events, in order', async () => {
    const client = startClient({ flushSize: 1000 });
    for (let i = 0; i < 250; i++) client.track({ event: `e${i}`, userId: 'u' });
    await client.flush();
    expect(requests.map((r) => r.body.batch.length)).toEqual([100, 100, 50]);
    expect(names()).toEqual(Array.from({ length: 250 }, (_, i) => `e${i}`));
  });
});

describe('retries', () => {
  it('keeps the events after a 503 and sends them again, same uuids, after Retry-After', async () => {
    answerOnce(503, { 'Retry-After': '7' });
    const client = startClient();
    track(client, 'a', 'b');
    await client.flush();
    expect(requests.map((r) => r.status)).toEqual([503]);
    await vi.advanceTimersByTimeAsync(6999);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(requests.map((r) => r.status)).toEqual([503, 200]));
    expect(delivered().map((e) => e.uuid)).toEqual(requests[0]?.body.batch.map((e) => e.uuid));
  });

  it.each([408, 429, 500, 502])('retries after %i with a jittered backoff', async (status) => {
    answerOnce(status);
    const client = startClient();
    track(client, 'a');
    await client.flush();
    // First retry: 1000 ms × Math.random() (0.5 here).
    await vi.advanceTimersByTimeAsync(500);
    await vi.waitFor(() => expect(requests.map((r) => r.status)).toEqual([status, 200]));
  });

  it('retries after a network error, and never drops the events meanwhile', async () => {
    server.use(http.post(`${HOST}/v1/track`, () => HttpResponse.error(), { once: true }));
    server.use(http.post(`${HOST}/v1/track`, () => HttpResponse.error(), { once: true }));
    const client = startClient();
    track(client, 'a');
    await client.flush();
    expect(client.stats()).toMatchObject({ queued: 1, delivered: 0 });
    await vi.advanceTimersByTimeAsync(500);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(names()).toEqual(['a']));
    expect(client.stats()).toMatchObject({ queued: 0, delivered: 1 });
  });

  it('does not retry a 4xx other than 408 and 429: the events are dropped, counted and handed to onDrop', async () => {
    answerOnce(400);
    const dropped: [string, string][] = [];
    const client = startClient({ onDrop: (event, reason) => dropped.push([event.event_name, reason]) });
    track(client, 'a', 'b');
    await client.flush();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests.map((r) => r.status)).toEqual([400]);
    expect(dropped).toEqual([
      ['a', 'rejected'],
      ['b', 'rejected'],
    ]);
    expect(client.stats()).toMatchObject({ queued: 0, rejected: 2, delivered: 0 });
  });

  it('counts the events a 200 lists as rejected, and delivers the rest', async () => {
    server.use(
      http.post(
        `${HOST}/v1/track`,
        async ({ request }) => {
          await recordTrack(request);
          return HttpResponse.json({ accepted: 1, rejected: [{ index: 1, error: 'event_name is too long' }] });
        },
        { once: true },
      ),
    );
    const seen: TrackedEvent[] = [];
    const client = startClient({ onDrop: (event) => seen.push(event) });
    track(client, 'ok', 'bad');
    await client.flush();
    expect(seen.map((e) => e.event_name)).toEqual(['bad']);
    expect(client.stats()).toMatchObject({ delivered: 1, rejected: 1 });
  });
});
