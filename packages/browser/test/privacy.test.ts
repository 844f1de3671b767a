// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_KEY, delivered, identifies, names, requests, startClient, storedQueue, useApi } from './msw-api.js';

useApi();
let setItem: ReturnType<typeof vi.spyOn<Storage, 'setItem'>>;
beforeEach(() => {
  setItem = vi.spyOn(Storage.prototype, 'setItem');
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const sdkKeys = (): string[] => Object.keys(localStorage).filter((k) => k.startsWith(`ns_${API_KEY}_`));

describe('optOut() / optIn()', () => {
  it('opted out, nothing is queued or sent, and what was queued is dropped', async () => {
    const client = startClient();
    client.track('queued before');
    client.optOut();
    client.track('a');
    client.identify('user-42');
    client.revenue({ amount: 1 });
    await client.flush();
    expect(requests).toHaveLength(0);
    expect(identifies).toHaveLength(0);
    expect(storedQueue()).toEqual([]);
  });

  it('is remembered in localStorage across page views until optIn()', async () => {
    startClient().optOut();
    const next = startClient();
    next.track('a');
    next.optIn();
    next.track('b');
    await next.flush();
    expect(names()).toEqual(['b']);
    const third = startClient();
    third.track('c');
    await third.flush();
    expect(names()).toEqual(['b', 'c']);
  });

  it('hasOptedOut() is true after optOut(), also after a reload, and false after optIn()', () => {
    const client = startClient();
    expect(client.hasOptedOut()).toBe(false);
    client.optOut();
    expect(client.hasOptedOut()).toBe(true);
    const reloaded = startClient();
    expect(reloaded.hasOptedOut()).toBe(true);
    reloaded.optIn();
    expect(reloaded.hasOptedOut()).toBe(false);
    expect(startClient().hasOptedOut()).toBe(false);
  });
});

describe('with consentRequired', () => {
  it('buffers events in memory and writes nothing to localStorage or the network before consent', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const client = startClient({ consentRequired: true });
    client.track('a');
    client.identify('user-42', { plan: 'pro' });
    client.setUserProperties({ team: 'x' });
    client.optOut();
    client.optIn();
    await vi.advanceTimersByTimeAsync(60_000);
    await client.flush();
    dispatchEvent(new Event('pagehide'));
    expect(client.hasConsent()).toBe(false);
    expect(setItem).not.toHaveBeenCalled();
    expect(sdkKeys()).toEqual([]);
    expect(requests).toHaveLength(0);
    expect(identifies).toHaveLength(0);
  });

  it('on grantConsent() sends the buffered events with their original timestamps, and the identify', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const client = startClient({ consentRequired: true });
    client.track('a');
    const trackedAt = new Date().toISOString();
    vi.advanceTimersByTime(5_000);
    client.identify('user-42');
    client.grantConsent();
    expect(client.hasConsent()).toBe(true);
    await client.flush();
    expect(names()).toEqual(['a', '$identify']);
    expect(delivered()[0]?.timestamp).toBe(trackedAt);
    await vi.waitFor(() => expect(identifies).toHaveLength(1));
    expect(sdkKeys()).toContain(`ns_${API_KEY}_ids`);
  });

  it('remembers the grant for later page views', async () => {
    startClient({ consentRequired: true }).grantConsent();
    const next = startClient({ consentRequired: true });
    expect(next.hasConsent()).toBe(true);
    next.track('a');
    await next.flush();
    expect(names()).toEqual(['a']);
  });

  it('revokeConsent() drops the buffer, removes every SDK key and de-initialises', async () => {
    localStorage.setItem('host-app', 'kept');
    const client = startClient({ consentRequired: true });
    client.grantConsent();
    client.identify('user-42');
    client.track('a');
    client.persist();
    expect(sdkKeys().length).toBeGreaterThan(0);
    client.revokeConsent();
    expect(sdkKeys()).toEqual([]);
    expect(localStorage.getItem('host-app')).toBe('kept');
    expect(client.active).toBe(false);
    expect(client.hasConsent()).toBe(false);
    client.track('after');
    await client.flush();
    expect(requests).toHaveLength(0);
  });

  it('after revokeConsent(), start() again waits for grantConsent() even without consentRequired', async () => {
    const client = startClient();
    client.revokeConsent();
    client.start();
    client.track('a');
    await client.flush();
    expect(requests).toHaveLength(0);
    client.grantConsent();
    await client.flush();
    expect(names()).toEqual(['a']);
  });

  it('without consentRequired, hasConsent() is true from the start', () => {
    expect(startClient().hasConsent()).toBe(true);
  });
});
