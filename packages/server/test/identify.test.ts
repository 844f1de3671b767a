import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IdentifyRequest } from '@northstar/core';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { eventQuery, postJson, startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

const NOW = Date.parse('2024-05-01T12:00:00.000Z');
let api: TestServer;

beforeEach(async () => {
  api = await startTestServer({ clock: () => NOW });
});
afterEach(() => api.close());

const identify = (body: unknown, headers: Record<string, string> = { 'X-API-Key': api.demo.pk }) => postJson(`${api.url}/v1/identify`, body, headers);
const project = () => api.demo.project_id;

describe('POST /v1/identify', () => {
  it('accepts the body the browser SDK sends: links the device, stores the properties, records $identify', async () => {
    const body = { device_id: 'dev-1', user_id: 'user-1', user_properties: { plan: 'pro', seats: '3' } } satisfies IdentifyRequest;
    const res = await identify(body);
    expect(res).toMatchObject({ status: 200, body: { device_id: 'dev-1', user_id: 'user-1', linked: 'created', event_uuid: expect.any(String) } });
    expect(await api.storage.people.getUserProperties(project(), 'user-1')).toEqual({ plan: 'pro', seats: '3' });
    const event = await api.storage.eventLog.getEvent(project(), (res.body as { event_uuid: string }).event_uuid);
    expect(event).toMatchObject({ event_name: '$identify', user_id: 'user-1', device_id: 'dev-1', timestamp: NOW, received_at: NOW });
  });

  it("makes the device count as the user: its anonymous events and the user's are one person", async () => {
    await postJson(`${api.url}/v1/track`, { event_name: 'visit', device_id: 'dev-1', timestamp: '2024-05-01T10:00:00Z' }, { 'X-API-Key': api.demo.pk });
    await postJson(`${api.url}/v1/track`, { event_name: 'visit', user_id: 'user-1', timestamp: '2024-05-01T11:00:00Z' }, { 'X-API-Key': api.demo.pk });
    expect((await identify({ device_id: 'dev-1', user_id: 'user-1' })).status).toBe(200);
    const res = await postJson(`${api.url}/v1/api/query/events`, eventQuery(project(), ['visit'], '2024-05-01'), { Authorization: `Bearer ${api.demo.sk}` });
    expect((res.body as { series: { data: { value: number }[] }[] }).series[0]?.data[0]?.value).toBe(1);
  });

  it('answers 200 "unchanged" when the device is already linked to the same user (a retry)', async () => {
    await identify({ device_id: 'dev-1', user_id: 'user-1' });
    expect(await identify({ device_id: 'dev-1', user_id: 'user-1', user_properties: { plan: 'team' } })).toMatchObject({
      status: 200,
      body: { linked: 'unchanged' },
    });
    expect(await api.storage.people.getUserProperties(project(), 'user-1')).toEqual({ plan: 'team' });
  });

  it('answers 409 when the device is already linked to another user, and changes nothing', async () => {
    await identify({ device_id: 'dev-1', user_id: 'user-1' });
    const res = await identify({ device_id: 'dev-1', user_id: 'user-2', user_properties: { plan: 'pro' } });
    expect(res).toMatchObject({ status: 409, body: { error: expect.stringContaining('already linked to another user') } });
    expect(JSON.stringify(res.body)).not.toContain('user-1');
    expect(await api.storage.people.getUserProperties(project(), 'user-2')).toEqual({});
  });

  it('merges properties like a JSON merge patch: null deletes, numbers and booleans are kept', async () => {
    await identify({ device_id: 'dev-1', user_id: 'user-1', user_properties: { plan: 'pro', trial: true } });
    await identify({ device_id: 'dev-1', user_id: 'user-1', user_properties: { trial: null, seats: 4 } });
    expect(await api.storage.people.getUserProperties(project(), 'user-1')).toEqual({ plan: 'pro', seats: 4 });
  });

  it('keeps the given uuid, session_id and timestamp for $identify, so a retried request stores it once', async () => {
    const uuid = '01890000-0000-7000-8000-0000000000aa';
    const body = { device_id: 'dev-1', user_id: 'user-1', uuid, session_id: 's-1', timestamp: '2024-05-01T09:00:00Z' };
    expect((await identify(body)).body).toMatchObject({ event_uuid: uuid });
    expect((await identify(body)).status).toBe(200);
    expect(await api.storage.eventLog.getEvent(project(), uuid)).toMatchObject({ session_id: 's-1', timestamp: Date.parse('2024-05-01T09:00:00Z') });
  });

  it('stores one $identify for one SDK identify(): its own $identify through /v1/track carries the same uuid', async () => {
    const uuid = '01890000-0000-7000-8000-0000000000bb';
    const tracked = { event_name: '$identify', uuid, device_id: 'dev-1', user_id: 'user-1', session_id: 's-1', timestamp: '2024-05-01T09:00:00Z' };
    expect((await postJson(`${api.url}/v1/track`, { batch: [tracked] }, { 'X-API-Key': api.demo.pk })).body).toMatchObject({ accepted: 1 });
    expect((await identify({ device_id: 'dev-1', user_id: 'user-1', uuid })).body).toMatchObject({ event_uuid: uuid });
    const res = await postJson(`${api.url}/v1/api/query/events`, eventQuery(project(), ['$identify'], '2024-05-01', '2024-05-01', 'total'), {
      Authorization: `Bearer ${api.demo.sk}`,
    });
    expect((res.body as { series: { data: { value: number }[] }[] }).series[0]?.data[0]?.value).toBe(1);
  });

  it('takes the key from the body (api_key) in a text/plain request, as sendBeacon sends it', async () => {
    const res = await identify(JSON.stringify({ api_key: api.demo.pk, device_id: 'dev-1', user_id: 'user-1' }), { 'Content-Type': 'text/plain' });
    expect(res.status).toBe(200);
  });

  it.each([
    ['invalid JSON', '{"device_id": ', 'Invalid JSON body'],
    ['a missing user_id', { device_id: 'dev-1' }, 'user_id is required'],
    ['a missing device_id', { user_id: 'user-1' }, 'device_id is required'],
    ['user_id "undefined"', { device_id: 'dev-1', user_id: 'undefined' }, 'user_id must not be blank, "undefined" or "null"'],
    ['a blank user_id', { device_id: 'dev-1', user_id: '   ' }, 'user_id must not be blank, "undefined" or "null"'],
    ['a user_id over 200 characters', { device_id: 'dev-1', user_id: 'u'.repeat(201) }, 'user_id must be at most 200 characters'],
    [
      'an object property value',
      { device_id: 'd', user_id: 'u', user_properties: { a: { b: 1 } } },
      'user_properties values must be strings, finite numbers, booleans or null',
    ],
    [
      'more than 256 properties',
      { device_id: 'd', user_id: 'u', user_properties: Object.fromEntries(Array.from({ length: 257 }, (_, i) => [`p${i}`, 'v'])) },
      'user_properties holds more than 256 keys',
    ],
    [
      'a property value over 8192 characters',
      { device_id: 'd', user_id: 'u', user_properties: { a: 'x'.repeat(8193) } },
      'user_properties values must be at most 8192 characters',
    ],
    ['an array body', [{ device_id: 'd', user_id: 'u' }], 'expected object'],
  ])('answers 400 for %s', async (_case, body, error) => {
    const res = await identify(body);
    expect(res.status).toBe(400);
    expect((res.body as { error: string }).error).toContain(error);
  });

  it.each([
    ['a lone surrogate in user_id', { device_id: 'dev-1', user_id: 'user-\ud800' }, 'user_id must not contain lone surrogates'],
    ['a lone surrogate in device_id', { device_id: 'dev-\udfff', user_id: 'user-1' }, 'device_id must not contain lone surrogates'],
    ['a control character in user_id', { device_id: 'dev-1', user_id: 'user\u0000-1' }, 'user_id must not contain control characters'],
  ])('answers 400 naming the field to %s, as /v1/track does, and links nothing', async (_case, body, message) => {
    const response = await identify(body);
    expect(response.status).toBe(400);
    expect((response.body as { error: string }).error).toContain(message);
    expect(await api.storage.people.listUsers({ projectId: project() })).toEqual({ items: [], next: null });
  });

  it('answers 413 for a body over maxBodyBytes', async () => {
    const res = await identify({ device_id: 'd', user_id: 'u', user_properties: { a: 'x'.repeat(1_100_000) } });
    expect(res).toMatchObject({ status: 413, body: { error: expect.any(String) } });
  });

  it('answers 401 without an SDK key, and with a secret key', async () => {
    expect((await identify({ device_id: 'd', user_id: 'u' }, {})).status).toBe(401);
    expect((await identify({ device_id: 'd', user_id: 'u' }, { 'X-API-Key': api.demo.sk })).status).toBe(401);
  });

  it('answers a CORS preflight so browsers may send X-API-Key', async () => {
    const res = await fetch(`${api.url}/v1/identify`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://shop.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,x-api-key' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('POST /v1/identify when storage is down', () => {
  it('answers 503 with Retry-After, and a retry after recovery succeeds', async () => {
    const storage = createMemoryStorage();
    const down = await startTestServer({ storage, clock: () => NOW });
    try {
      const link = vi.spyOn(storage.people, 'linkDevice').mockRejectedValue(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
      const body = { device_id: 'dev-1', user_id: 'user-1' };
      const res = await postJson(`${down.url}/v1/identify`, body, { 'X-API-Key': down.demo.pk });
      expect(res).toMatchObject({ status: 503, body: { error: expect.any(String) } });
      expect(res.headers.get('retry-after')).toBe('5');
      link.mockRestore();
      expect((await postJson(`${down.url}/v1/identify`, body, { 'X-API-Key': down.demo.pk })).status).toBe(200);
    } finally {
      await down.close();
    }
  });
});
