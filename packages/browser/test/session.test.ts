// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { delivered, startClient, useApi } from './msw-api.js';

useApi();
beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const all = () => delivered({ sessions: true });
const MINUTE = 60_000;

describe('sessions', () => {
  it('sends $session_start before the first event of a session', async () => {
    const client = startClient();
    client.track('a');
    client.track('b');
    await client.flush();
    expect(all().map((e) => e.event_name)).toEqual(['$session_start', 'a', 'b']);
    expect(new Set(all().map((e) => e.session_id))).toEqual(new Set([client.getSessionId()]));
  });

  it('after sessionTimeout without events, ends the old session at its last event and starts a new one', async () => {
    const client = startClient({ sessionTimeout: 30 * MINUTE });
    client.track('a');
    const lastOfFirst = Date.now();
    vi.advanceTimersByTime(31 * MINUTE);
    client.track('b');
    await client.flush();
    const [start1, a, end1, start2, b] = all();
    expect([start1, a, end1, start2, b].map((e) => e?.event_name)).toEqual(['$session_start', 'a', '$session_end', '$session_start', 'b']);
    expect(end1?.session_id).toBe(a?.session_id);
    expect(end1?.timestamp).toBe(new Date(lastOfFirst).toISOString());
    expect(end1?.num_properties?.$session_duration).toBe(0);
    expect(start2?.session_id).toBe(b?.session_id);
    expect(b?.session_id).not.toBe(a?.session_id);
  });

  it('is shared by the tabs of a site: a second tab joins the live session', async () => {
    const first = startClient();
    first.track('a');
    const second = startClient();
    second.track('b');
    await first.flush();
    await second.flush();
    expect(all().map((e) => e.event_name)).toEqual(['$session_start', 'a', 'b']);
    expect(second.getSessionId()).toBe(first.getSessionId());
  });

  it('a tab that was idle joins the session another tab kept alive', () => {
    const idle = startClient();
    idle.track('a');
    const busy = startClient();
    for (let i = 0; i < 4; i++) {
      vi.advanceTimersByTime(10 * MINUTE);
      busy.track('tick');
      busy.persist();
    }
    idle.track('back');
    expect(idle.getSessionId()).toBe(busy.getSessionId());
  });
});

describe('reset()', () => {
  it('ends the session, then a new device id, a new session and no user id or user properties', async () => {
    const client = startClient();
    client.identify('user-42', { plan: 'pro' });
    client.track('a');
    const [device, session] = [client.getDeviceId(), client.getSessionId()];
    client.reset();
    expect(client.getUserId()).toBeNull();
    expect(client.getSessionId()).toBeNull();
    client.track('b');
    await client.flush();
    const events = all();
    const end = events.find((e) => e.event_name === '$session_end');
    const b = events.at(-1);
    expect(end).toMatchObject({ session_id: session, device_id: device, user_id: 'user-42' });
    expect(events.at(-2)?.event_name).toBe('$session_start');
    expect(b?.device_id).not.toBe(device);
    expect(b?.session_id).not.toBe(session);
    expect(b).not.toHaveProperty('user_id');
    expect(Object.keys(b?.str_properties ?? {}).some((k) => k.startsWith('$user.'))).toBe(false);
    expect(startClient().getDeviceId()).toBe(client.getDeviceId());
  });
});

describe('getDeviceId / getUserId / getSessionId', () => {
  it('return null before start() and after destroy()', () => {
    const client = startClient();
    client.track('a');
    expect(client.getDeviceId()).toEqual(expect.any(String));
    expect(client.getSessionId()).toEqual(expect.any(String));
    expect(client.getUserId()).toBeNull();
    client.destroy();
    expect([client.getDeviceId(), client.getUserId(), client.getSessionId()]).toEqual([null, null, null]);
  });
});

describe('UTM tags', () => {
  afterEach(() => history.replaceState(null, '', '/'));

  it('are kept for the session: later page views without tags still carry the landing page’s', async () => {
    history.replaceState(null, '', '/?utm_source=news&utm_campaign=launch');
    const first = startClient();
    first.track('landed');
    await first.flush();
    history.replaceState(null, '', '/pricing');
    const next = startClient();
    next.track('pricing');
    history.replaceState(null, '', '/?utm_source=ads');
    next.track('$pageview');
    await next.flush();
    const [landed, pricing, own] = delivered();
    expect(landed?.str_properties).toMatchObject({ $utm_source: 'news', $utm_campaign: 'launch' });
    expect(pricing?.str_properties).toMatchObject({ $pathname: '/pricing', $utm_source: 'news', $utm_campaign: 'launch' });
    expect(own?.str_properties?.$utm_source).toBe('ads');
    expect(own?.str_properties).not.toHaveProperty('$utm_campaign');
  });

  it('end with the session', async () => {
    history.replaceState(null, '', '/?utm_source=news');
    const client = startClient();
    client.track('a');
    history.replaceState(null, '', '/later');
    client.track('$pageview');
    vi.advanceTimersByTime(31 * MINUTE);
    client.track('b');
    await client.flush();
    expect(delivered().map((e) => e.str_properties?.$utm_source)).toEqual(['news', 'news', undefined]);
  });
});
