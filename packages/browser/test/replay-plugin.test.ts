// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createReplay } from '../src/plugins/replay/replay-plugin.js';
import type { Recorder, RecorderApi, RecorderHost } from '../src/plugins/replay/recorder-api.js';
import { REPLAY_DEFAULTS, replayOptions } from '../src/plugins/replay/options.js';
import { API_KEY, ENDPOINT, startClient, useApi } from './msw-api.js';

useApi();
afterEach(() => vi.useRealTimers());

/** A plugin whose loader records each load and hands back a recorder that records what it is told. */
function fakeReplay() {
  const hosts: RecorderHost[] = [];
  const calls: string[] = [];
  const recorder: Recorder = {
    flush: (unloading) => void calls.push(`flush ${String(!!unloading)}`),
    restart: () => void calls.push('restart'),
    stop: () => void calls.push('stop'),
  };
  const api: RecorderApi = {
    startRecorder: (host) => {
      hosts.push(host);
      return recorder;
    },
  };
  const load = vi.fn(() => Promise.resolve(api));
  return { plugin: createReplay(load), load, hosts, calls };
}

const stored = (): unknown => JSON.parse(localStorage.getItem(`ns_${API_KEY}_replay`) ?? 'null');

describe('replay options', () => {
  it('fills the defaults of docs/replay.md, and is off with replay: false', () => {
    expect(replayOptions({ apiKey: API_KEY, endpoint: ENDPOINT })).toEqual(REPLAY_DEFAULTS);
    expect(REPLAY_DEFAULTS).toEqual({
      samplingRate: 100,
      flushInterval: 5000,
      maxEventsPerChunk: 200,
      maxDuration: 1_800_000,
      maskTextInput: true,
      maskAllText: false,
      compress: true,
    });
    expect(replayOptions({ apiKey: API_KEY, endpoint: ENDPOINT, replay: false })).toBeUndefined();
  });

  it('keeps samplingRate within 0-100, chunks within the server cap, and ignores values that are not positive numbers', () => {
    const o = replayOptions({
      apiKey: API_KEY,
      endpoint: ENDPOINT,
      replay: { samplingRate: 250, flushInterval: -1, maxEventsPerChunk: 50_000, maxDuration: Number.NaN, blockSelector: ' ' },
    });
    expect(o).toEqual({ ...REPLAY_DEFAULTS, samplingRate: 100, maxEventsPerChunk: 10_000 });
    expect(replayOptions({ apiKey: API_KEY, endpoint: ENDPOINT, replay: { samplingRate: -5, maskTextInput: false, blockSelector: '.x' } })).toMatchObject({
      samplingRate: 0,
      maskTextInput: false,
      blockSelector: '.x',
    });
  });
});

describe('the replay plugin', () => {
  it('never loads the recorder with samplingRate 0, and keeps the decision with the session', async () => {
    const { plugin, load } = fakeReplay();
    const client = startClient({ replay: { samplingRate: 0 } });
    client.track('e');
    client.use(plugin);
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    expect(stored()).toEqual({ session: client.getSessionId(), sampled: false, seq: 0 });
  });

  it('loads the recorder once for a sampled session and hands it the endpoint, key, session and ids', async () => {
    const { plugin, load, hosts } = fakeReplay();
    const client = startClient({ replay: { samplingRate: 100 } });
    client.identify('user-1');
    client.use(plugin);
    await vi.waitFor(() => expect(hosts).toHaveLength(1));
    expect(load).toHaveBeenCalledTimes(1);
    const host = hosts[0] as RecorderHost;
    expect(host.url).toBe(`${ENDPOINT}/v1/replay/chunks`);
    expect(host.headers).toEqual({ 'X-API-Key': API_KEY });
    expect(host.session()).toBe(client.getSessionId());
    expect(host.ids()).toEqual({ device_id: client.getDeviceId(), user_id: 'user-1' });
    expect(host.recordings.get(client.getSessionId() ?? '')).toMatchObject({ sampled: true, seq: 0 });
  });

  it('decides once per session: a later page load of the session keeps it, whatever its own samplingRate', async () => {
    const first = fakeReplay();
    const a = startClient({ replay: { samplingRate: 100 } });
    a.track('e');
    a.use(first.plugin);
    await vi.waitFor(() => expect(first.hosts).toHaveLength(1));
    const session = a.getSessionId();
    a.destroy();

    const second = fakeReplay();
    const b = startClient({ replay: { samplingRate: 0 } });
    b.track('e');
    expect(b.getSessionId()).toBe(session);
    b.use(second.plugin);
    await vi.waitFor(() => expect(second.hosts).toHaveLength(1));
  });

  it('decides again for a new session', async () => {
    localStorage.setItem(`ns_${API_KEY}_replay`, JSON.stringify({ session: 'an-old-session', sampled: true, seq: 7 }));
    const { plugin, load } = fakeReplay();
    const client = startClient({ replay: { samplingRate: 0 } });
    client.track('e');
    client.use(plugin);
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    expect(stored()).toMatchObject({ session: client.getSessionId(), sampled: false, seq: 0 });
  });

  it('waits for a session, and for consent, before it decides or loads anything', async () => {
    vi.useFakeTimers();
    const { plugin, load, hosts } = fakeReplay();
    const client = startClient({ consentRequired: true, replay: { flushInterval: 1000 } });
    client.use(plugin);
    client.track('e');
    await vi.advanceTimersByTimeAsync(3000);
    expect(load).not.toHaveBeenCalled();
    client.grantConsent();
    await vi.advanceTimersByTimeAsync(1000);
    expect(load).toHaveBeenCalledTimes(1);
    expect(hosts).toHaveLength(1);
  });

  it('is off with replay: false', async () => {
    const { plugin, load } = fakeReplay();
    const client = startClient({ replay: false });
    client.track('e');
    client.use(plugin);
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    expect(stored()).toBeNull();
  });

  it('tells the recorder when the page is hidden or unloaded, when the session is reset, and stops it on destroy', async () => {
    const { plugin, hosts, calls } = fakeReplay();
    const client = startClient();
    client.track('e');
    client.use(plugin);
    await vi.waitFor(() => expect(hosts).toHaveLength(1));
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    dispatchEvent(new Event('pagehide'));
    client.reset();
    client.destroy();
    expect(calls).toEqual(['flush false', 'flush true', 'restart', 'stop']);
    expect(hosts[0]?.session()).toBeNull();
  });
});
