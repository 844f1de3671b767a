// @vitest-environment jsdom
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FlagValue } from '@northstar/core';
import type * as Sdk from '../src/index.js';
import type * as ScriptTag from '../src/script-tag.js';
import type { NorthstarGlobal } from '../src/script-tag.js';
import { API_KEY, ENDPOINT, server, useApi } from './msw-api.js';

let sdk: typeof Sdk;
const w = window as unknown as { northstar?: unknown };

useApi();
beforeEach(async () => {
  vi.resetModules();
  sdk = await import('../src/index.js');
  server.use(http.post(`${ENDPOINT}/v1/flags/evaluate`, () => HttpResponse.json({ flags: { 'new-checkout': 'test' } })));
});
afterEach(() => {
  sdk.getInstance()?.destroy();
  delete w.northstar;
  sessionStorage.clear();
});

describe('the flag functions of the npm entry', () => {
  it('answer nothing before init()', async () => {
    expect(sdk.getFeatureFlag('new-checkout')).toBeUndefined();
    expect(sdk.isFeatureEnabled('new-checkout')).toBeUndefined();
    expect(sdk.getFeatureFlagState('new-checkout')).toEqual({ status: 'loading', value: undefined });
    expect(sdk.getFeatureFlags()).toEqual({});
    expect(await sdk.resolveVariant('new-checkout')).toBe(false);
    await expect(sdk.reloadFeatureFlags()).resolves.toBeUndefined();
    expect(sdk.onFeatureFlags(() => undefined)).toBeTypeOf('function');
  });

  it('set the featureFlags plugin up on the shared instance on first use', async () => {
    sdk.init({ apiKey: API_KEY, endpoint: ENDPOINT, autocapture: false, bootstrap: { featureFlags: { hero: 'b' } } });
    expect(sdk.getInstance()?.flags).toBeUndefined();
    expect(sdk.getFeatureFlag('hero')).toBe('b');
    expect(await sdk.resolveVariant('new-checkout')).toBe('test');
    expect(sdk.getFeatureFlags()).toEqual({ 'new-checkout': 'test' });
    expect(sdk.isFeatureEnabled('new-checkout')).toBe(true);
    const seen: Record<string, FlagValue>[] = [];
    sdk.onFeatureFlags((flags) => seen.push(flags));
    expect(seen).toEqual([{ 'new-checkout': 'test' }]);
  });
});

describe('the script-tag global', () => {
  let tag: typeof ScriptTag;
  beforeEach(async () => {
    tag = await import('../src/script-tag.js');
  });

  it('has the flag methods given to installGlobal, answering at once, and takes them as queued commands', async () => {
    const seen: Record<string, FlagValue>[] = [];
    w.northstar = [
      ['onFeatureFlags', (flags: Record<string, FlagValue>) => seen.push(flags)],
      ['init', { key: API_KEY, endpoint: ENDPOINT, autocapture: false, bootstrap: { featureFlags: { hero: 'b' } } }],
    ];
    const { getFeatureFlag, onFeatureFlags, resolveVariant } = sdk;
    tag.installGlobal(undefined, undefined, [sdk.featureFlags], { getFeatureFlag, onFeatureFlags, resolveVariant });
    const global = w.northstar as NorthstarGlobal & { getFeatureFlag(key: string): FlagValue | undefined; resolveVariant(key: string): Promise<FlagValue> };
    expect(global.getFeatureFlag('hero')).toBe('b');
    expect(await global.resolveVariant('new-checkout')).toBe('test');
    expect(seen).toEqual([{ hero: 'b' }, { 'new-checkout': 'test' }]);
  });
});
