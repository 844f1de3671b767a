// @vitest-environment jsdom
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_KEY, ENDPOINT, delivered, identifies, server, startClient, useApi } from './msw-api.js';

useApi();
beforeEach(() => vi.spyOn(Math, 'random').mockReturnValue(0.5));
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('identify()', () => {
  it('POSTs { device_id, user_id, user_properties } to /v1/identify with the key in X-API-Key', async () => {
    const seen: { url: string; key: string | null }[] = [];
    server.events.on('request:start', ({ request }) => seen.push({ url: request.url, key: request.headers.get('x-api-key') }));
    const client = startClient();
    client.identify('user-42', { plan: 'pro', seats: 3 });
    await vi.waitFor(() => expect(identifies).toHaveLength(1));
    expect(identifies[0]).toEqual({
      device_id: client.getDeviceId(),
      user_id: 'user-42',
      uuid: expect.any(String),
      user_properties: { plan: 'pro', seats: '3' },
    });
    expect(seen).toContainEqual({ url: `${ENDPOINT}/v1/identify`, key: API_KEY });
    server.events.removeAllListeners();
  });

  it('leaves user_properties out when there are none', async () => {
    startClient().identify('user-42');
    await vi.waitFor(() => expect(identifies).toHaveLength(1));
    expect(identifies[0]).not.toHaveProperty('user_properties');
  });

  it('produces a $identify event, and every later event carries the user_id', async () => {
    const client = startClient();
    client.track('before');
    client.identify('user-42');
    client.track('after');
    await client.flush();
    const [before, identify, after] = delivered();
    expect(before).not.toHaveProperty('user_id');
    expect(identify).toMatchObject({ event_name: '$identify', user_id: 'user-42', device_id: client.getDeviceId() });
    expect(after?.user_id).toBe('user-42');
    expect(identify?.uuid).toBe(identifies[0]?.uuid);
    expect(client.getUserId()).toBe('user-42');
  });

  it.each(['', '   ', 'undefined', 'null', 'NULL', undefined, null, 42])('drops the user id %j', async (userId) => {
    const client = startClient();
    client.identify(userId as string);
    client.track('x');
    await client.flush();
    expect(client.getUserId()).toBeNull();
    expect(identifies).toHaveLength(0);
    expect(delivered().map((e) => e.event_name)).toEqual(['x']);
  });

  it('sends nothing again for the same user id without new properties', async () => {
    const client = startClient();
    client.identify('user-42', { plan: 'pro' });
    client.identify('user-42', { plan: 'pro' });
    client.identify('user-42');
    await client.flush();
    await vi.waitFor(() => expect(identifies).toHaveLength(1));
    client.identify('user-42', { plan: 'team' });
    await client.flush();
    await vi.waitFor(() => expect(identifies).toHaveLength(2));
    expect(delivered().filter((e) => e.event_name === '$identify')).toHaveLength(2);
  });

  it('keeps the user id across page views', () => {
    startClient().identify('user-42');
    expect(startClient().getUserId()).toBe('user-42');
  });

  it('retries /v1/identify after a 503, with backoff', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let calls = 0;
    server.use(http.post(/\/v1\/identify$/, () => (++calls === 1 ? HttpResponse.json({ error: 'down' }, { status: 503 }) : undefined)));
    startClient().identify('user-42');
    await vi.waitFor(() => expect(calls).toBe(1));
    expect(identifies).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(500);
    await vi.waitFor(() => expect(identifies).toHaveLength(1));
  });

  it('gives up on a 404 without throwing; the $identify event still carries both ids', async () => {
    server.use(http.post(/\/v1\/identify$/, () => HttpResponse.json({ error: 'Unknown API path' }, { status: 404 })));
    const client = startClient();
    client.identify('user-42');
    await client.flush();
    expect(delivered()[0]).toMatchObject({ event_name: '$identify', user_id: 'user-42', device_id: client.getDeviceId() });
  });
});

describe('setUserProperties()', () => {
  it('sends no request and no event', async () => {
    const client = startClient();
    client.setUserProperties({ plan: 'pro' });
    await client.flush();
    expect(identifies).toHaveLength(0);
    expect(delivered()).toHaveLength(0);
  });

  it('adds the properties to every later event as $user.<name>; null removes one', async () => {
    const client = startClient();
    client.track('before');
    client.setUserProperties({ plan: 'pro', company: 'Acme', seats: 3 });
    client.track('after');
    client.setUserProperties({ company: null });
    client.track('later', { plan: 'event wins' });
    await client.flush();
    const [before, after, later] = delivered();
    expect(Object.keys(before?.str_properties ?? {}).filter((k) => k.startsWith('$user.'))).toEqual([]);
    expect(after?.str_properties).toMatchObject({ '$user.plan': 'pro', '$user.company': 'Acme', '$user.seats': '3' });
    expect(later?.str_properties).not.toHaveProperty('$user.company');
    expect(later?.str_properties?.plan).toBe('event wins');
  });

  it('sends the user properties with the next identify, and keeps them across page views', async () => {
    startClient().setUserProperties({ plan: 'pro' });
    const next = startClient();
    next.identify('user-42');
    next.track('x');
    await next.flush();
    await vi.waitFor(() => expect(identifies[0]?.user_properties).toEqual({ plan: 'pro' }));
    expect(delivered().at(-1)?.str_properties?.['$user.plan']).toBe('pro');
  });
});
