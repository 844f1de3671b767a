// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_KEY, TRACK_URL, answerOnce, names, requests, startClient, storedQueue, useApi } from './msw-api.js';

useApi();
const sendBeacon = vi.fn<(url: string, body: string) => boolean>();
beforeEach(() => {
  sendBeacon.mockReset().mockReturnValue(true);
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true, writable: true });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'sendBeacon');
  Reflect.deleteProperty(document, 'visibilityState');
});

interface BeaconBody {
  api_key: string;
  sent_at: string;
  batch: { event_name: string; uuid: string }[];
}
const beaconBodies = (): BeaconBody[] => sendBeacon.mock.calls.map(([, body]) => JSON.parse(body) as BeaconBody);
const hide = (): void => {
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
};
const beaconed = (): string[] => beaconBodies().flatMap((b) => b.batch.map((e) => e.event_name).filter((n) => n !== '$session_start'));

describe('when the page is hidden', () => {
  it('uses sendBeacon with a text/plain body on pagehide', async () => {
    const client = startClient();
    client.track('a');
    client.track('b');
    dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = sendBeacon.mock.calls[0] ?? [];
    expect(url).toBe(TRACK_URL);
    // A string body goes out as text/plain;charset=UTF-8: a CORS-simple request without preflight.
    expect(typeof body).toBe('string');
    const parsed = beaconBodies()[0];
    expect(parsed?.api_key).toBe(API_KEY);
    expect(beaconed()).toEqual(['a', 'b']);
    expect(new Date(parsed?.sent_at ?? '').toISOString()).toBe(parsed?.sent_at);
    await client.flush();
    expect(requests).toHaveLength(0);
  });

  it('on visibilitychange to hidden, sends at once by a keepalive fetch, not a beacon', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const client = startClient({ flushInterval: 60_000 });
    client.track('a');
    hide();
    await vi.waitFor(() => expect(names()).toEqual(['a']));
    expect(sendBeacon).not.toHaveBeenCalled();
    expect(fetchSpy.mock.calls[0]?.[1]).toMatchObject({ keepalive: true });
    await vi.waitFor(() => expect(storedQueue()).toEqual([]));
    fetchSpy.mockRestore();
  });

  it('when hidden, keeps the events queued and stored if that send fails', async () => {
    // Retry-After holds the retry past the test: a jittered backoff can be a few ms and resend before the check.
    answerOnce(503, undefined, { 'retry-after': '60' });
    const client = startClient({ flushInterval: 60_000 });
    client.track('a');
    hide();
    expect(storedQueue().map((e) => e.event_name)).toEqual(['$session_start', 'a']);
    await vi.waitFor(() => expect(requests.map((r) => r.status)).toEqual([503]));
    expect(client.run?.queue.items.map((e) => e.event_name)).toEqual(['$session_start', 'a']);
  });

  it('takes beaconed events out of the stored queue, so the next page view does not send them again', () => {
    const client = startClient();
    client.track('a');
    dispatchEvent(new Event('pagehide'));
    expect(beaconed()).toEqual(['a']);
    expect(storedQueue()).toEqual([]);
  });

  it('does not beacon while offline: the events stay stored for the next page view', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const client = startClient();
    client.track('a');
    dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).not.toHaveBeenCalled();
    expect(storedQueue().map((e) => e.event_name)).toEqual(['$session_start', 'a']);
    onLine.mockRestore();
  });

  it('falls back to fetch with keepalive when sendBeacon refuses', async () => {
    sendBeacon.mockReturnValue(false);
    const client = startClient();
    client.track('a');
    dispatchEvent(new Event('pagehide'));
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(requests[0]?.headers.get('x-api-key')).toBeNull();
    expect(requests[0]?.body.api_key).toBe(API_KEY);
    expect(names()).toEqual(['a']);
  });

  it('falls back to fetch with keepalive when sendBeacon is missing', async () => {
    Reflect.deleteProperty(navigator, 'sendBeacon');
    const client = startClient();
    client.track('a');
    dispatchEvent(new Event('pagehide'));
    await vi.waitFor(() => expect(names()).toEqual(['a']));
  });

  it('keeps each beacon under 64 KB', () => {
    const client = startClient({ flushSize: 1000 });
    for (let i = 0; i < 40; i++) client.track(`e${i}`, { blob: 'é'.repeat(2500) });
    dispatchEvent(new Event('pagehide'));
    const sizes = sendBeacon.mock.calls.map(([, body]) => new TextEncoder().encode(body).length);
    expect(sizes.length).toBeGreaterThan(2);
    for (const size of sizes) expect(size).toBeLessThanOrEqual(64_000);
    expect(beaconed()).toEqual(Array.from({ length: 40 }, (_, i) => `e${i}`));
  });
});
