// @vitest-environment jsdom
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrackBatch } from '@northstar/core';
import { names, requests, server, startClient, useApi } from './msw-api.js';

useApi();
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.spyOn(Math, 'random').mockReturnValue(1);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('413 Payload Too Large', () => {
  it('halves the batch until it fits, and delivers everything', async () => {
    const sizes: number[] = [];
    server.use(
      http.post(/\/v1\/track$/, async ({ request }) => {
        const { batch } = (await request.clone().json()) as TrackBatch;
        sizes.push(batch.length);
        return batch.length > 30 ? HttpResponse.json({ error: 'Body too large' }, { status: 413 }) : undefined;
      }),
    );
    const client = startClient({ flushSize: 1000 });
    for (let i = 0; i < 99; i++) client.track(`e${i}`);
    await client.flush();
    expect(sizes).toEqual([100, 50, 25, 25, 25, 25]);
    expect(names()).toEqual(Array.from({ length: 99 }, (_, i) => `e${i}`));
  });

  it('drops a single event that is too large on its own, with a debug warning', async () => {
    server.use(
      http.post(/\/v1\/track$/, async ({ request }) => {
        const { batch } = (await request.clone().json()) as TrackBatch;
        return batch.some((e) => e.event_name === 'huge') ? HttpResponse.json({ error: 'Body too large' }, { status: 413 }) : undefined;
      }),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const client = startClient({ debug: true });
    client.track('huge');
    await client.flush();
    await client.flush();
    client.track('next');
    await client.flush();
    expect(names()).toEqual(['next']);
    expect(warn).toHaveBeenCalledWith('[Sdk]', expect.stringContaining('status 413'));
  });
});

describe('a server that keeps failing', () => {
  it('loses nothing: keeps backing off, capped at 30 s, until it answers', async () => {
    let failures = 0;
    server.use(http.post(/\/v1\/track$/, () => (failures++ < 10 ? HttpResponse.json({ error: 'down' }, { status: 503 }) : undefined)));
    const client = startClient();
    client.track('a');
    const attempts: number[] = [];
    for (let i = 0; i < 400 && !names().length; i++) {
      const before = failures;
      await vi.advanceTimersByTimeAsync(1000);
      if (failures !== before) attempts.push(Date.now());
    }
    expect(names()).toEqual(['a']);
    const gaps = attempts.slice(1).map((t, i) => t - (attempts[i] ?? 0));
    expect(Math.max(...gaps)).toBeLessThanOrEqual(31_000);
    expect(gaps.at(-1)).toBeGreaterThanOrEqual(29_000);
  });
});

describe('storage failures', () => {
  it('never throws when localStorage is full or disabled, and still delivers', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const client = startClient();
    expect(() => {
      client.track('a');
      client.identify('user-42');
      client.setUserProperties({ plan: 'pro' });
      client.optOut();
      client.optIn();
      dispatchEvent(new Event('pagehide'));
    }).not.toThrow();
    await vi.advanceTimersByTimeAsync(1000);
    client.track('b');
    await client.flush();
    expect(names()).toContain('b');
  });

  it('works when localStorage itself throws on access (sandboxed iframes)', async () => {
    const descriptor = Object.getOwnPropertyDescriptor(window, 'localStorage');
    Object.defineProperty(window, 'localStorage', {
      get: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      configurable: true,
    });
    try {
      const client = startClient();
      client.track('a');
      await client.flush();
      expect(names()).toEqual(['a']);
    } finally {
      Object.defineProperty(window, 'localStorage', descriptor as PropertyDescriptor);
    }
  });
});

describe('maxQueueSize', () => {
  it('drops the oldest events first, with a debug warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const client = startClient({ maxQueueSize: 3, debug: true, flushSize: 100 });
    for (const name of ['a', 'b', 'c', 'd']) client.track(name);
    await client.flush();
    expect(requests[0]?.body.batch.map((e) => e.event_name)).toEqual(['b', 'c', 'd']);
    expect(warn).toHaveBeenCalledWith('[Sdk]', expect.stringContaining('queue full'), expect.objectContaining({ event_name: 'c' }));
  });
});
