// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Sdk from '../src/index.js';
import type * as ScriptTag from '../src/script-tag.js';
import type { Command, NorthstarGlobal } from '../src/script-tag.js';
import { API_KEY, ENDPOINT, delivered, identifies, names, requests, useApi } from './msw-api.js';

let tag: typeof ScriptTag;
let sdk: typeof Sdk;
const w = window as unknown as { northstar?: unknown };
const live = (): NorthstarGlobal => w.northstar as NorthstarGlobal;
const init: Command = ['init', { key: API_KEY, endpoint: ENDPOINT, autocapture: false }];

useApi();
beforeEach(async () => {
  vi.resetModules();
  sdk = await import('../src/index.js');
  tag = await import('../src/script-tag.js');
});
afterEach(() => {
  sdk.getInstance()?.destroy();
  delete w.northstar;
  vi.restoreAllMocks();
});

describe('script-tag commands', () => {
  it('runs every operation of the client as a command', async () => {
    w.northstar = [
      init,
      ['identify', 'user-42', { plan: 'pro' }],
      ['setUserProperties', { team: 'core' }],
      ['track', 'signup'],
      ['revenue', { amount: 10, currency: 'usd' }],
      ['flush'],
    ];
    tag.installGlobal();
    const instance = live()._instance;
    await instance?.flush();
    live().push(['optOut']);
    live().push(['track', 'ignored']);
    live().push(['optIn']);
    live().push(['track', 'after']);
    await instance?.flush();
    expect(names()).toEqual(['$identify', 'signup', '$revenue', 'after']);
    expect(instance?.hasOptedOut()).toBe(false);
    expect(delivered()[1]?.str_properties).toMatchObject({ '$user.plan': 'pro', '$user.team': 'core' });
    await vi.waitFor(() => expect(identifies).toHaveLength(1));
    live().push(['reset']);
    expect(instance?.getUserId()).toBeNull();
  });

  it('runs register, registerOnce, unregister, group and debug as commands', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    w.northstar = [
      init,
      ['register', { plan: 'pro', source: 'ad' }],
      ['registerOnce', { plan: 'free', seats: 3 }],
      ['unregister', 'source'],
      ['group', 'company', 'acme-inc', { name: 'Acme' }],
      ['debug'],
      ['track', 'x'],
    ];
    tag.installGlobal();
    await live()._instance?.flush();
    expect(names()).toEqual(['$groupidentify', 'x']);
    expect(delivered()[1]).toMatchObject({ str_properties: { plan: 'pro', '$group.company': 'acme-inc' }, num_properties: { seats: 3 } });
    expect(delivered()[1]?.str_properties).not.toHaveProperty('source');
    expect(delivered()[0]?.str_properties).toMatchObject({ '$group_set.name': 'Acme' });
    expect(log).toHaveBeenCalledWith('[Sdk]', 'queued', expect.objectContaining({ event_name: 'x' }));
  });

  it('with consentRequired, waits for the grantConsent command', async () => {
    w.northstar = [
      ['init', { key: API_KEY, endpoint: ENDPOINT, consentRequired: true }],
      ['track', 'a'],
    ];
    tag.installGlobal();
    await live()._instance?.flush();
    expect(requests).toHaveLength(0);
    live().push(['grantConsent']);
    await live()._instance?.flush();
    expect(names()).toEqual(['$pageview', 'a']);
  });

  it('after revokeConsent, drops _instance; commands wait for a new init, which waits for consent', async () => {
    w.northstar = [init];
    tag.installGlobal();
    live().push(['revokeConsent']);
    expect(live()._instance).toBeUndefined();
    live().push(['track', 'held']);
    live().push(init);
    await live()._instance?.flush();
    expect(requests).toHaveLength(0);
    live().push(['grantConsent']);
    await live()._instance?.flush();
    expect(names()).toEqual(['held']);
  });

  it('after destroy, drops _instance', () => {
    w.northstar = [init, ['destroy']];
    tag.installGlobal();
    expect(live()._instance).toBeUndefined();
  });
});

describe('the functional API', () => {
  it('does nothing before init() and answers null / false', async () => {
    expect(() => {
      sdk.identify('user-42');
      sdk.setUserProperties({ a: 'b' });
      sdk.revenue({ amount: 1 });
      sdk.reset();
      sdk.optOut();
      sdk.optIn();
      sdk.grantConsent();
      sdk.revokeConsent();
      sdk.destroy();
    }).not.toThrow();
    await expect(sdk.flush()).resolves.toBeUndefined();
    expect([sdk.getDeviceId(), sdk.getUserId(), sdk.getSessionId(), sdk.hasConsent()]).toEqual([null, null, null, false]);
  });

  it('works on the shared instance after init()', async () => {
    sdk.init({ apiKey: API_KEY, endpoint: ENDPOINT, autocapture: false });
    sdk.identify('user-42');
    sdk.track('a');
    await sdk.flush();
    expect(names()).toEqual(['$identify', 'a']);
    expect(sdk.getUserId()).toBe('user-42');
    expect(sdk.getDeviceId()).toBe(sdk.getInstance()?.getDeviceId());
    expect(sdk.getSessionId()).toEqual(expect.any(String));
    expect(sdk.hasConsent()).toBe(true);
    sdk.destroy();
    expect(sdk.getInstance()?.active).toBe(false);
  });
});
