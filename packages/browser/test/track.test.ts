// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isUuid } from '@northstar/core';
import { delivered, requests, startClient, TRACK_URL, API_KEY, useApi } from './msw-api.js';

useApi();
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  history.replaceState(null, '', '/');
});

describe('track()', () => {
  it('sends numbers in num_properties and everything else in str_properties', async () => {
    const client = startClient();
    client.track('signup', { plan: 'pro', seats: 3, price: 9.5, trial: true, ratio: Number.NaN, coupon: null });
    await client.flush();
    const [event] = delivered();
    expect(event?.num_properties).toMatchObject({ seats: 3, price: 9.5 });
    expect(event?.str_properties).toMatchObject({ plan: 'pro', trial: 'true', ratio: 'NaN' });
    expect(event?.str_properties).not.toHaveProperty('coupon');
    expect(event?.num_properties).not.toHaveProperty('plan');
  });

  it('posts a batch with sent_at to /v1/track with the key in X-API-Key', async () => {
    const client = startClient();
    client.track('a');
    client.track('b');
    await client.flush();
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.url).toBe(TRACK_URL);
    expect(request?.headers.get('x-api-key')).toBe(API_KEY);
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(request?.body.batch.map((e) => e.event_name)).toEqual(['$session_start', 'a', 'b']);
    expect(new Date(request?.body.sent_at ?? '').toISOString()).toBe(request?.body.sent_at);
  });

  it('gives every event a uuid, an ISO timestamp, a device id and a session id', async () => {
    const client = startClient();
    client.track('a');
    client.track('b');
    await client.flush();
    const [a, b] = delivered();
    expect(isUuid(a?.uuid ?? '')).toBe(true);
    expect(a?.uuid).not.toBe(b?.uuid);
    expect(new Date(a?.timestamp ?? '').toISOString()).toBe(a?.timestamp);
    expect(a?.device_id).toBe(client.getDeviceId());
    expect(a?.session_id).toBe(client.getSessionId());
    expect(a).not.toHaveProperty('user_id');
  });

  it('keeps the device id across page views and tolerates a broken localStorage', async () => {
    const first = startClient().getDeviceId();
    expect(first).toEqual(expect.any(String));
    expect(startClient().getDeviceId()).toBe(first);
    localStorage.clear();
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    const client = startClient();
    client.track('still works');
    await client.flush();
    expect(delivered().map((e) => e.event_name)).toEqual(['still works']);
    expect(client.getDeviceId()).not.toBe(first);
  });

  it('starts a new session after 30 minutes without events', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const client = startClient();
    client.track('a');
    vi.advanceTimersByTime(29 * 60_000);
    client.track('b');
    vi.advanceTimersByTime(31 * 60_000);
    expect(client.getSessionId()).toBeNull();
    client.track('c');
    await client.flush();
    const [a, b, c] = delivered();
    expect(b?.session_id).toBe(a?.session_id);
    expect(c?.session_id).not.toBe(b?.session_id);
  });

  it('ignores calls without an event name', async () => {
    const client = startClient();
    client.track('');
    await client.flush();
    expect(requests).toHaveLength(0);
  });
});

describe('page context', () => {
  it('adds page, screen and device data to every event', async () => {
    history.replaceState(null, '', '/pricing?plan=pro');
    document.title = 'Pricing';
    const client = startClient();
    client.track('viewed');
    await client.flush();
    const [event] = delivered();
    expect(event?.str_properties).toMatchObject({
      $current_url: 'http://localhost:3000/pricing?plan=pro',
      $host: 'localhost:3000',
      $pathname: '/pricing',
      $title: 'Pricing',
      $lib: 'web',
      $device_type: 'desktop',
    });
    expect(event?.str_properties).toHaveProperty('$browser');
    expect(event?.str_properties).toHaveProperty('$os');
    expect(event?.num_properties).toMatchObject({ $viewport_width: innerWidth, $viewport_height: innerHeight });
    expect(typeof event?.num_properties?.$screen_width).toBe('number');
    expect(typeof event?.num_properties?.$screen_height).toBe('number');
  });

  it('adds UTM tags from the URL', async () => {
    history.replaceState(null, '', '/?utm_source=news&utm_medium=email&utm_campaign=launch&utm_term=a&utm_content=b');
    const client = startClient();
    client.track('landed');
    await client.flush();
    expect(delivered()[0]?.str_properties).toMatchObject({
      $utm_source: 'news',
      $utm_medium: 'email',
      $utm_campaign: 'launch',
      $utm_term: 'a',
      $utm_content: 'b',
    });
  });

  it('reads the page context once per page view, not on every call', async () => {
    document.title = 'Before';
    const client = startClient();
    document.title = 'After';
    client.track('same page');
    client.track('$pageview');
    client.track('next');
    await client.flush();
    expect(delivered().map((e) => e.str_properties?.$title)).toEqual(['Before', 'After', 'After']);
  });
});
