// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TrackedEvent } from '@northstar/core';
import { API_KEY, delivered, requests, startClient, useApi } from './msw-api.js';

useApi();
afterEach(() => vi.restoreAllMocks());

const event = (name: string): TrackedEvent | undefined => delivered().find((e) => e.event_name === name);
const storedIds = (): unknown => JSON.parse(localStorage.getItem(`ns_${API_KEY}_ids`) ?? 'null');

describe('register()', () => {
  it('adds super properties to every later event: numbers to num_properties, the rest to str_properties', async () => {
    const client = startClient();
    client.track('before');
    client.register({ plan: 'pro', seats: 3, beta: true, tags: ['a', 'b'], gone: null });
    client.track('after');
    client.track('$pageview');
    await client.flush();
    expect(event('before')?.str_properties).not.toHaveProperty('plan');
    for (const name of ['after', '$pageview']) {
      expect(event(name)?.str_properties).toMatchObject({ plan: 'pro', beta: 'true', tags: '["a","b"]' });
      expect(event(name)?.str_properties).not.toHaveProperty('gone');
      expect(event(name)?.num_properties).toMatchObject({ seats: 3 });
    }
  });

  it("lets an event's own properties win a clash, and a later register() overwrite an earlier one", async () => {
    const client = startClient();
    client.register({ plan: 'free', seats: 1 });
    client.register({ plan: 'pro' });
    client.track('own', { plan: 'team', seats: 9 });
    client.track('super');
    await client.flush();
    expect(event('own')).toMatchObject({ str_properties: { plan: 'team' }, num_properties: { seats: 9 } });
    expect(event('super')).toMatchObject({ str_properties: { plan: 'pro' }, num_properties: { seats: 1 } });
  });

  it('registerOnce() sets only the names not registered yet', async () => {
    const client = startClient();
    client.register({ plan: 'pro' });
    client.registerOnce({ plan: 'free', source: 'ad' });
    client.track('x');
    await client.flush();
    expect(event('x')?.str_properties).toMatchObject({ plan: 'pro', source: 'ad' });
  });

  it('unregister() removes one super property', async () => {
    const client = startClient();
    client.register({ plan: 'pro', source: 'ad' });
    client.unregister('plan');
    client.track('x');
    await client.flush();
    expect(event('x')?.str_properties).toMatchObject({ source: 'ad' });
    expect(event('x')?.str_properties).not.toHaveProperty('plan');
  });

  it('keeps them in localStorage with the ids: a new client on the same storage (a reload) sends them', async () => {
    startClient().register({ plan: 'pro', seats: 3 });
    const next = startClient();
    next.track('x');
    await next.flush();
    expect(event('x')).toMatchObject({ str_properties: { plan: 'pro' }, num_properties: { seats: 3 } });
    expect(storedIds()).toMatchObject({ supers: { plan: 'pro', seats: 3 } });
  });

  it('reset() clears them, in memory and in storage', async () => {
    const client = startClient();
    client.register({ plan: 'pro' });
    client.reset();
    client.track('x');
    await client.flush();
    expect(event('x')?.str_properties).not.toHaveProperty('plan');
    expect(storedIds()).toMatchObject({ supers: {} });
    const next = startClient();
    next.track('y');
    await next.flush();
    expect(event('y')?.str_properties).not.toHaveProperty('plan');
  });

  it('with consentRequired, holds them in memory until grantConsent(), then stores them', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const client = startClient({ consentRequired: true });
    client.register({ plan: 'pro' });
    client.track('x');
    await client.flush();
    expect(setItem).not.toHaveBeenCalled();
    expect(requests).toHaveLength(0);
    client.grantConsent();
    await client.flush();
    expect(event('x')?.str_properties).toMatchObject({ plan: 'pro' });
    expect(storedIds()).toMatchObject({ supers: { plan: 'pro' } });
  });

  it('reach the other open tabs of the site at once', async () => {
    const [one, other] = [startClient(), startClient()];
    one.register({ plan: 'pro' });
    const key = `ns_${API_KEY}_ids`;
    dispatchEvent(new StorageEvent('storage', { key, newValue: localStorage.getItem(key) }));
    other.track('x');
    await other.flush();
    expect(event('x')?.str_properties).toMatchObject({ plan: 'pro' });
  });

  it('leaves out a value JSON cannot write, and still stores the rest with the ids', () => {
    const circular: { self?: unknown } = {};
    circular.self = circular;
    const client = startClient();
    client.register({ circular, plan: 'pro' });
    expect(storedIds()).toMatchObject({ device: client.getDeviceId(), supers: { plan: 'pro' } });
  });

  it('does nothing before start()', () => {
    const client = startClient({ apiKey: 'not-a-key' });
    expect(() => {
      client.register({ plan: 'pro' });
      client.registerOnce({ plan: 'pro' });
      client.unregister('plan');
    }).not.toThrow();
    expect(storedIds()).toBeNull();
  });
});
