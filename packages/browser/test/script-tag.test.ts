// @vitest-environment jsdom
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrackBatch } from '@northstar/core';
import type * as Sdk from '../src/index.js';
import type * as ScriptTag from '../src/script-tag.js';
import type { NorthstarGlobal } from '../src/script-tag.js';
import { API_KEY, ENDPOINT, delivered, names, server, useApi } from './msw-api.js';

let tag: typeof ScriptTag;
let sdk: typeof Sdk;
const w = window as unknown as { northstar?: unknown };
const live = (): NorthstarGlobal => w.northstar as NorthstarGlobal;

useApi();
beforeEach(async () => {
  vi.resetModules();
  sdk = await import('../src/index.js');
  tag = await import('../src/script-tag.js');
});
afterEach(() => {
  sdk.getInstance()?.destroy();
  delete w.northstar;
  Reflect.deleteProperty(document, 'currentScript');
  vi.restoreAllMocks();
});

describe('the script-tag global', () => {
  it('replays commands queued before the script loaded', async () => {
    w.northstar = [
      ['init', { key: API_KEY, endpoint: ENDPOINT }],
      ['track', 'signup', { plan: 'pro' }],
      ['track', 'upgrade'],
    ];
    tag.installGlobal();
    await live()._instance?.flush();
    expect(names()).toEqual(['$pageview', 'signup', 'upgrade']);
    expect(delivered()[1]?.str_properties?.plan).toBe('pro');
  });

  it('exposes the instance as northstar._instance', () => {
    w.northstar = [['init', { key: API_KEY, endpoint: ENDPOINT, autocapture: false }]];
    tag.installGlobal();
    expect(live()._instance).toBeInstanceOf(sdk.Northstar);
    expect(live()._instance).toBe(sdk.getInstance());
    expect(live()._instance?.config.apiKey).toBe(API_KEY);
  });

  it('runs commands pushed after load at once, and holds commands pushed before init', async () => {
    tag.installGlobal();
    live().push(['track', 'early']);
    live().push(['init', { key: API_KEY, endpoint: ENDPOINT, autocapture: false }]);
    live().push(['track', 'late']);
    await live()._instance?.flush();
    expect(names()).toEqual(['early', 'late']);
  });

  it('sets up the plugins it is given on each instance init creates, once', () => {
    const setup = vi.fn();
    tag.installGlobal(undefined, undefined, [{ name: 'probe', setup }]);
    live().push(['init', { key: API_KEY, endpoint: ENDPOINT, autocapture: false }]);
    live().push(['init', { key: API_KEY, endpoint: ENDPOINT, autocapture: false }]);
    expect(setup).toHaveBeenCalledTimes(1);
    expect(setup).toHaveBeenCalledWith(live()._instance);
    live().push(['destroy']);
    live().push(['init', { key: API_KEY, endpoint: ENDPOINT, autocapture: false }]);
    expect(setup).toHaveBeenCalledTimes(2);
  });

  it('warns about unknown commands without throwing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    tag.installGlobal();
    live().push(['init', { key: API_KEY, endpoint: ENDPOINT, debug: true }]);
    expect(() => live().push(['fly', 'away'])).not.toThrow();
    expect(() => live().push(['_instance'])).not.toThrow();
    expect(warn).toHaveBeenCalledWith('[Sdk]', 'unknown command', ['fly', 'away']);
  });

  it('derives the endpoint from the script URL', async () => {
    const seen: TrackBatch[] = [];
    server.use(
      http.post('https://shop.example.com/ns/v1/track', async ({ request }) => {
        seen.push((await request.json()) as TrackBatch);
        return HttpResponse.json({ accepted: 1, rejected: [] });
      }),
    );
    Object.defineProperty(document, 'currentScript', {
      value: { src: 'https://shop.example.com/ns/sdk/northstar.js?v=0.1.0' },
      configurable: true,
    });
    w.northstar = [['init', { key: API_KEY }]];
    await import('../src/cdn.js');
    expect(live()._instance?.config.endpoint).toBe('https://shop.example.com/ns');
    await live()._instance?.flush();
    expect(seen.flatMap((b) => b.batch.map((e) => e.event_name))).toEqual(['$session_start', '$pageview']);
  });

  it('takes the nonce option from its own script tag, unless init gives one', () => {
    w.northstar = [['init', { key: API_KEY, endpoint: ENDPOINT, autocapture: false }]];
    expect(tag.installGlobal('https://x.example/sdk/northstar.js', 'r4nd0m')?._instance?.config.nonce).toBe('r4nd0m');
    sdk.getInstance()?.destroy();
    delete w.northstar;
    w.northstar = [['init', { key: API_KEY, endpoint: ENDPOINT, autocapture: false, nonce: 'mine' }]];
    expect(tag.installGlobal('https://x.example/sdk/northstar.js', 'r4nd0m')?._instance?.config.nonce).toBe('mine');
  });

  it('reads the endpoint only from a /sdk/ script path', () => {
    expect(tag.endpointFromScript('https://example.com/sdk/northstar.js')).toBe('https://example.com');
    expect(tag.endpointFromScript('https://example.com/a/b/sdk/northstar.min.js#x')).toBe('https://example.com/a/b');
    expect(tag.endpointFromScript('https://cdn.example.net/npm/@northstar/browser/dist/northstar.min.js')).toBeUndefined();
    expect(tag.endpointFromScript(undefined)).toBeUndefined();
  });

  it('prefers an explicit endpoint and keeps a loaded global when loaded twice', () => {
    w.northstar = [['init', { key: API_KEY, endpoint: ENDPOINT, autocapture: false }]];
    const first = tag.installGlobal('https://other.example.com/sdk/northstar.js');
    expect(first?._instance?.config.endpoint).toBe(ENDPOINT);
    expect(tag.installGlobal()).toBe(first);
  });
});
