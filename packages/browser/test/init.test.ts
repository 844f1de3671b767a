// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Sdk from '../src/index.js';
import { API_KEY, ENDPOINT, delivered, requests, useApi } from './msw-api.js';

let sdk: typeof Sdk;

useApi();
beforeEach(async () => {
  vi.resetModules();
  sdk = await import('../src/index.js');
});
afterEach(() => {
  sdk.getInstance()?.destroy();
  vi.restoreAllMocks();
});

const config = { apiKey: API_KEY, endpoint: ENDPOINT };

describe('init()', () => {
  it('creates, starts and returns the shared instance', async () => {
    const instance = sdk.init(config);
    expect(instance).toBeInstanceOf(sdk.Northstar);
    expect(instance.active).toBe(true);
    expect(sdk.getInstance()).toBe(instance);
    sdk.track('signup', { plan: 'pro' });
    await instance.flush();
    expect(delivered().map((e) => e.event_name)).toEqual(['$pageview', 'signup']);
  });

  it.each([
    [undefined, ['$pageview', 'x']],
    [true, ['$pageview', 'x']],
    [{ clicks: false }, ['$pageview', 'x']],
    [false, ['x']],
    [{ pageViews: false }, ['x']],
  ])('sends $pageview on init unless autocapture is off (autocapture: %j)', async (autocapture, expected) => {
    sdk.init({ ...config, autocapture }).track('x');
    await sdk.getInstance()?.flush();
    expect(delivered().map((e) => e.event_name)).toEqual(expected);
  });

  it('returns the existing instance when called again, with a debug warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const first = sdk.init({ ...config, debug: true });
    expect(sdk.init({ ...config, flushSize: 1 })).toBe(first);
    expect(warn).toHaveBeenCalledWith('[Sdk]', expect.stringContaining('init() called again'));
  });

  it('does nothing on track() before init()', async () => {
    expect(() => sdk.track('early')).not.toThrow();
    sdk.init(config);
    await sdk.getInstance()?.flush();
    expect(delivered().map((e) => e.event_name)).toEqual(['$pageview']);
  });

  it('stays inert and says why when the key is not a pk_ key', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const instance = sdk.init({ ...config, apiKey: 'sk_secret' });
    expect(instance.active).toBe(false);
    expect(error).toHaveBeenCalledWith('[Sdk]', expect.stringContaining('pk_'), expect.anything());
    instance.track('x');
    await instance.flush();
    expect(requests).toHaveLength(0);
  });

  it('logs with the [Sdk] prefix only when debug is on', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    sdk.init(config).track('quiet');
    expect(log).not.toHaveBeenCalled();
    sdk.getInstance()?.destroy();
    sdk.init({ ...config, debug: true }).track('loud');
    expect(log).toHaveBeenCalledWith('[Sdk]', 'queued', expect.objectContaining({ event_name: 'loud' }));
  });

  it('debug(on) turns the logging on and off at run time, the delivery logging included (a build with __NS_DEBUG__)', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const queued = (name: string): unknown => expect.objectContaining({ event_name: name });
    sdk.init(config);
    sdk.debug();
    sdk.track('loud');
    await sdk.flush();
    expect(log).toHaveBeenCalledWith('[Sdk]', 'queued', queued('loud'));
    expect(log).toHaveBeenCalledWith('[Sdk]', expect.stringMatching(/^status 200/));
    log.mockClear();
    sdk.debug(false);
    sdk.track('quiet');
    await sdk.flush();
    expect(log).not.toHaveBeenCalled();
    sdk.getInstance()?.debug(true);
    sdk.track('loud again');
    expect(log).toHaveBeenCalledWith('[Sdk]', 'queued', queued('loud again'));
  });
});

describe('the class form', () => {
  it('does nothing until start(), and start() runs no subsystem', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const client = new sdk.Northstar(config);
    client.track('ignored');
    expect(client.active).toBe(false);
    expect(client.getDeviceId()).toBeNull();
    expect(setItem).not.toHaveBeenCalled();
    client.start();
    client.track('kept');
    await client.flush();
    expect(delivered().map((e) => e.event_name)).toEqual(['kept']);
    client.destroy();
  });

  it('starts subsystems by hand with use()', async () => {
    const client = new sdk.Northstar(config).start().use(sdk.pageViews);
    await client.flush();
    expect(delivered().map((e) => e.event_name)).toEqual(['$pageview']);
    client.destroy();
  });
});
