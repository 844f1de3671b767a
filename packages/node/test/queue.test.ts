import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TrackedEvent } from '@northstar/core';
import type { QueuePersistence } from '../src/index.js';
import { delivered, names, requests, startClient, useApi } from './msw-api.js';

useApi();
afterEach(() => {
  vi.useRealTimers();
});

/** A persistence that keeps the last save in memory, as a file or a table would across processes. */
function memoryPersistence(initial?: TrackedEvent[]): QueuePersistence & { saved: TrackedEvent[][] } {
  const saved: TrackedEvent[][] = [];
  return {
    saved,
    load: () => initial,
    save: (events) => void saved.push(structuredClone(events)),
  };
}

describe('a full queue', () => {
  it('drops the oldest event for each new one, counts it, and hands it to onDrop with its uuid', async () => {
    const dropped: TrackedEvent[] = [];
    const client = startClient({ maxQueueSize: 3, flushSize: 100, onDrop: (event, reason) => reason === 'queue_full' && dropped.push(event) });
    for (const event of ['a', 'b', 'c', 'd', 'e']) client.track({ event, userId: 'u' });
    expect(client.stats()).toMatchObject({ queued: 3, dropped: 2 });
    expect(dropped.map((e) => e.event_name)).toEqual(['a', 'b']);
    expect(dropped.every((e) => typeof e.uuid === 'string' && typeof e.timestamp === 'string')).toBe(true);
    await client.flush();
    expect(names()).toEqual(['c', 'd', 'e']);
    const report = await client.shutdown();
    expect(report).toMatchObject({ dropped: 2, delivered: 3, undelivered: [], complete: true });
  });
});

describe('persistence', () => {
  it('sends the events the previous process saved, with their own uuids', async () => {
    const earlier: TrackedEvent[] = [
      { event_name: 'from_before', user_id: 'u', uuid: '0190f0b4-1111-7222-8333-444455556666', timestamp: '2026-11-01T10:00:00.000Z' },
    ];
    const client = startClient({ persistence: memoryPersistence(earlier) });
    client.track({ event: 'now', userId: 'u' });
    await client.flush();
    expect(names()).toEqual(['from_before', 'now']);
    expect(delivered()[0]?.uuid).toBe('0190f0b4-1111-7222-8333-444455556666');
  });

  it('keeps the newest maxQueueSize of the saved events, and counts the others as dropped', async () => {
    const earlier: TrackedEvent[] = ['a', 'b', 'c', 'd', 'e'].map((name, i) => ({
      event_name: name,
      user_id: 'u',
      uuid: `0190f0b4-1111-7222-8333-00000000000${i}`,
      timestamp: `2026-11-01T10:00:0${i}.000Z`,
    }));
    const client = startClient({ maxQueueSize: 3, persistence: memoryPersistence(earlier) });
    await client.flush();
    expect(names()).toEqual(['c', 'd', 'e']);
    expect(client.stats()).toMatchObject({ dropped: 2, delivered: 3 });
  });

  it('saves the queue once for a burst of events, within persistInterval', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const persistence = memoryPersistence();
    const client = startClient({ persistence, persistInterval: 1000, flushInterval: 60_000 });
    for (let i = 0; i < 50; i++) client.track({ event: `e${i}`, userId: 'u' });
    expect(persistence.saved).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(persistence.saved).toHaveLength(1);
    expect(persistence.saved[0]).toHaveLength(50);
  });

  it('saves what shutdown could not deliver, so the next process sends it', async () => {
    const { server } = await import('./msw-api.js');
    const { http, HttpResponse } = await import('msw');
    server.use(http.post(/\/v1\/track$/, () => HttpResponse.json({ error: 'down' }, { status: 503, headers: { 'Retry-After': '60' } })));
    const persistence = memoryPersistence();
    const client = startClient({ persistence });
    client.track({ event: 'kept', userId: 'u' });
    const report = await client.shutdown({ timeoutMs: 2000 });
    expect(report.undelivered.map((e) => e.event_name)).toEqual(['kept']);
    expect(persistence.saved.at(-1)).toEqual(report.undelivered);

    server.resetHandlers();
    requests.length = 0;
    const next = startClient({ persistence: memoryPersistence(persistence.saved.at(-1)) });
    await next.flush();
    expect(delivered().map((e) => e.uuid)).toEqual(report.undelivered.map((e) => e.uuid));
  });
});
