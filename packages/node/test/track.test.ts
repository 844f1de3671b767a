import { describe, expect, it } from 'vitest';
import { isUuid } from '@northstar/core';
import { Northstar, VERSION } from '../src/index.js';
import { API_KEY, HOST, delivered, identifies, requests, startClient, useApi } from './msw-api.js';

useApi();

describe('new Northstar()', () => {
  it('needs a pk_ key and an http(s) host', () => {
    expect(() => new Northstar({ apiKey: '', host: HOST })).toThrow(/apiKey/);
    expect(() => new Northstar({ apiKey: API_KEY, host: 'analytics.example.com' })).toThrow(/host/);
    expect(() => new Northstar({ apiKey: API_KEY, host: HOST, secretKey: 'sk_x' })).toThrow(/projectId/);
  });
});

describe('track()', () => {
  it('sends the event with its person, a UUIDv7, an ISO time and the properties split by type', async () => {
    const client = startClient();
    expect(client.track({ event: 'order_paid', userId: 'user-1', properties: { plan: 'pro', seats: 3, trial: false, meta: { a: 1 }, gone: null } })).toBe(true);
    await client.flush();
    const [event] = delivered();
    expect(event).toMatchObject({
      event_name: 'order_paid',
      user_id: 'user-1',
      str_properties: { plan: 'pro', trial: 'false', meta: '{"a":1}', $lib: 'northstar-node', $lib_version: VERSION },
      num_properties: { seats: 3 },
    });
    expect(event?.device_id).toBeUndefined();
    expect(isUuid(event?.uuid ?? '') && event?.uuid?.[14]).toBe('7');
    expect(new Date(event?.timestamp ?? '').toISOString()).toBe(event?.timestamp);
    expect(requests[0]?.headers.get('x-api-key')).toBe(API_KEY);
    expect(requests[0]?.body.sent_at).toMatch(/Z$/);
  });

  it('gives every event its own uuid, and keeps a uuid or a time the caller gives', async () => {
    const client = startClient();
    client.track({ event: 'a', deviceId: 'd-1' });
    client.track({ event: 'b', deviceId: 'd-1' });
    client.track({ event: 'c', deviceId: 'd-1', uuid: '0190f0b4-1111-7222-8333-444455556666', timestamp: new Date('2026-11-01T10:00:00Z') });
    await client.flush();
    const events = delivered();
    expect(new Set(events.map((e) => e.uuid)).size).toBe(3);
    expect(events[2]).toMatchObject({ uuid: '0190f0b4-1111-7222-8333-444455556666', timestamp: '2026-11-01T10:00:00.000Z' });
  });

  it('refuses an event without a name or a person, or with an invalid time', async () => {
    const client = startClient();
    expect(client.track({ event: '', userId: 'u' })).toBe(false);
    expect(client.track({ event: 'a' })).toBe(false);
    expect(client.track({ event: 'a', userId: 'undefined', deviceId: ' ' })).toBe(false);
    expect(client.track({ event: 'a', userId: 'u', timestamp: 'yesterday' })).toBe(false);
    await client.flush();
    expect(requests).toHaveLength(0);
  });
});

describe('identify()', () => {
  it('links the device to the user with its properties, and queues $identify with the same uuid', async () => {
    const client = startClient();
    expect(client.identify({ userId: 'user-1', deviceId: 'device-9', properties: { plan: 'pro', seats: 2, old: null } })).toBe(true);
    await client.shutdown();
    expect(identifies).toEqual([{ device_id: 'device-9', user_id: 'user-1', user_properties: { plan: 'pro', seats: 2, old: null }, uuid: expect.any(String) }]);
    expect(delivered()).toMatchObject([{ event_name: '$identify', user_id: 'user-1', device_id: 'device-9', uuid: identifies[0]?.uuid }]);
  });

  it('uses the user id as the device when there is none (a server has no device)', async () => {
    const client = startClient();
    client.identify({ userId: 'user-2' });
    await client.shutdown();
    expect(identifies[0]).toMatchObject({ device_id: 'user-2', user_id: 'user-2' });
  });

  it('refuses an empty, "undefined" or "null" user id', () => {
    const client = startClient();
    expect(client.identify({ userId: '' })).toBe(false);
    expect(client.identify({ userId: 'null' })).toBe(false);
  });
});

describe('revenue()', () => {
  it('sends $revenue; a refund is negative and the currency upper case', async () => {
    const client = startClient();
    expect(client.revenue({ userId: 'u', amount: 9.99, currency: 'eur', productId: 'pro-monthly', revenueType: 'subscription' })).toBe(true);
    expect(client.revenue({ userId: 'u', amount: 5, revenueType: 'refund' })).toBe(true);
    expect(client.revenue({ userId: 'u', amount: Number.NaN })).toBe(false);
    expect(client.revenue({ userId: 'u', amount: 1, currency: 'euro' })).toBe(false);
    await client.flush();
    expect(delivered().map((e) => [e.event_name, e.num_properties?.$revenue, e.str_properties?.$currency, e.str_properties?.$revenue_type])).toEqual([
      ['$revenue', 9.99, 'EUR', 'subscription'],
      ['$revenue', -5, undefined, 'refund'],
    ]);
  });
});
