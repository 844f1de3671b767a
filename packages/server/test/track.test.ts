import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventQuery, postJson, startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

const NOW = Date.parse('2024-05-01T12:00:00.000Z');
const UUID = '01890000-0000-7000-8000-000000000001';
let api: TestServer;

beforeEach(async () => {
  api = await startTestServer({ clock: () => NOW });
});
afterEach(() => api.close());

const track = (body: unknown, headers: Record<string, string> = { 'X-API-Key': api.demo.pk }) => postJson(`${api.url}/v1/track`, body, headers);
const uniq = async (name: string, day = '2024-05-01') => {
  const res = await postJson(`${api.url}/v1/api/query/events`, eventQuery(api.demo.project_id, [name], day), { Authorization: `Bearer ${api.demo.sk}` });
  return (res.body as { series: { data: { value: number }[] }[] }).series[0]?.data[0]?.value;
};

describe('POST /v1/track', () => {
  it('stores a tracked event that the uniq query then counts (the thin slice)', async () => {
    const res = await track({ event_name: '$pageview', device_id: 'd1', timestamp: '2024-05-01T10:00:00Z' });
    expect(res).toMatchObject({ status: 200, body: { accepted: 1, rejected: [] } });
    expect(await uniq('$pageview')).toBe(1);
  });

  it('keeps the valid events of a batch and reports the invalid one by index', async () => {
    const res = await track({
      batch: [{ event_name: 'a', device_id: 'd1' }, { device_id: 'd2' }, { event_name: 'a', user_id: 'u3' }],
    });
    expect(res).toMatchObject({ status: 200, body: { accepted: 2, rejected: [{ index: 1, error: 'event_name is required' }] } });
    expect(await uniq('a')).toBe(2);
  });

  it('counts an event sent twice with the same uuid once', async () => {
    const event = { event_name: 'retry', device_id: 'd1', uuid: UUID };
    expect((await track(event)).status).toBe(200);
    expect((await track({ batch: [event, event] })).body).toEqual({ accepted: 2, rejected: [] });
    const res = await postJson(`${api.url}/v1/api/query/events`, eventQuery(api.demo.project_id, ['retry'], '2024-05-01', '2024-05-01', 'total'), {
      Authorization: `Bearer ${api.demo.sk}`,
    });
    expect((res.body as { series: { data: { value: number }[] }[] }).series[0]?.data[0]?.value).toBe(1);
  });

  it('answers invalid JSON with 400 and an error body', async () => {
    expect(await track('{"event_name": ')).toMatchObject({ status: 400, body: { error: 'Invalid JSON body' } });
  });

  it('answers a single event without event_name with 400 "event_name is required"', async () => {
    const res = await track({ device_id: 'd1' });
    expect(res).toMatchObject({ status: 400, body: { error: 'event_name is required', rejected: [{ index: 0 }] } });
  });

  it('answers an event with neither user_id nor device_id with 400', async () => {
    expect(await track({ event_name: 'x' })).toMatchObject({ status: 400, body: { error: 'user_id or device_id is required' } });
  });

  it('answers a batch in which no event is valid with 400 and every rejection', async () => {
    const res = await track({
      batch: [
        { event_name: '', device_id: 'd' },
        { event_name: 'x', device_id: 'd', timestamp: 'yesterday' },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      rejected: [
        { index: 0, error: 'event_name must not be empty' },
        { index: 1, error: 'timestamp must be an ISO 8601 date-time' },
      ],
    });
  });

  it('rejects an impossible calendar date in timestamp', async () => {
    expect((await track({ event_name: 'x', device_id: 'd', timestamp: '2024-02-30T10:00:00Z' })).status).toBe(400);
  });

  it('rejects non-string str_properties and non-number num_properties values', async () => {
    expect(await track({ event_name: 'x', device_id: 'd', str_properties: { a: 1 } })).toMatchObject({
      status: 400,
      body: { error: 'str_properties values must be strings' },
    });
    expect(await track({ event_name: 'x', device_id: 'd', num_properties: { a: '1' } })).toMatchObject({
      status: 400,
      body: { error: 'num_properties values must be finite numbers' },
    });
  });

  it('accepts a text/plain body, as sendBeacon sends it', async () => {
    const res = await track(JSON.stringify({ event_name: 'beacon', device_id: 'd1' }), {
      'Content-Type': 'text/plain;charset=UTF-8',
      'X-API-Key': api.demo.pk,
    });
    expect(res).toMatchObject({ status: 200, body: { accepted: 1 } });
  });

  it('accepts the SDK key in the api_key body field', async () => {
    const res = await track({ api_key: api.demo.pk, batch: [{ event_name: 'beacon', device_id: 'd1' }] }, {});
    expect(res).toMatchObject({ status: 200, body: { accepted: 1 } });
  });

  it('accepts the SDK key as Authorization: Bearer', async () => {
    expect((await track({ event_name: 'x', device_id: 'd' }, { Authorization: `Bearer ${api.demo.pk}` })).status).toBe(200);
  });

  it('answers every credential but a live pk_ key with 401', async () => {
    const event = { event_name: 'x', device_id: 'd' };
    const credentials: Record<string, string>[] = [
      {},
      { 'X-API-Key': api.demo.sk },
      { Authorization: `Bearer ${api.demo.sk}` },
      { Authorization: `Basic ${Buffer.from(`${api.demo.pk}:`).toString('base64')}` },
      { Authorization: api.demo.pk },
      { 'X-API-Key': `${api.demo.pk}x` },
      { 'X-API-Key': 'pk_' },
      { 'X-API-Key': 'pk_'.padEnd(5_000, 'a') },
    ];
    for (const headers of credentials) {
      const res = await track(event, headers);
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.body).toMatchObject({ error: expect.any(String) });
    }
    expect((await track({ ...event, api_key: 42 }, {})).status).toBe(401);
    expect((await track({ ...event, api_key: api.demo.sk }, {})).status).toBe(401);
  });

  it('answers a body over 1 MB with 413', async () => {
    const res = await track({ event_name: 'big', device_id: 'd', str_properties: { blob: 'x'.repeat(1_100_000) } });
    expect(res).toMatchObject({ status: 413, body: { error: 'Request body too large' } });
  });

  it('answers a batch of more than 500 events with 413', async () => {
    const batch = Array.from({ length: 501 }, (_, i) => ({ event_name: 'e', device_id: `d${i}` }));
    expect((await track({ batch })).status).toBe(413);
  });

  it('answers an unsupported content type with 415', async () => {
    expect((await track('event_name=x', { 'Content-Type': 'application/x-www-form-urlencoded', 'X-API-Key': api.demo.pk })).status).toBe(415);
  });

  it('stores the event at receive time when it has no timestamp, and ignores unknown fields', async () => {
    await track({ event_name: 'x', device_id: 'd', uuid: UUID, color: 'red' });
    const stored = await api.storage.eventLog.getEvent(api.demo.project_id, UUID);
    expect(stored).toMatchObject({ timestamp: NOW, received_at: NOW, user_id: null, session_id: null });
    expect(stored).not.toHaveProperty('color');
  });

  it('corrects client clock skew with sent_at', async () => {
    // The client clock runs one hour behind the server's.
    await track({ batch: [{ event_name: 'x', device_id: 'd', uuid: UUID, timestamp: '2024-05-01T10:59:00Z' }], sent_at: '2024-05-01T11:00:00Z' });
    expect((await api.storage.eventLog.getEvent(api.demo.project_id, UUID))?.timestamp).toBe(Date.parse('2024-05-01T11:59:00Z'));
  });

  it('does not let __proto__ keys pollute prototypes', async () => {
    const body = `{"event_name":"p","device_id":"d","uuid":"${UUID}","__proto__":{"polluted":1},"str_properties":{"__proto__":"x","ok":"y"},"num_properties":{"__proto__":{"polluted":2},"n":1}}`;
    const res = await track(body);
    expect(res).toMatchObject({ status: 200, body: { accepted: 1 } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const stored = await api.storage.eventLog.getEvent(api.demo.project_id, UUID);
    expect(Object.getPrototypeOf(stored?.str_properties)).toBe(Object.prototype);
    expect(stored?.str_properties).toEqual({ ok: 'y' });
    expect(stored?.num_properties).toEqual({ n: 1 });
  });
});

describe('POST /v1/track: event time bounds', () => {
  const at = (iso: string) => ({ event_name: 'timed', device_id: 'd', timestamp: iso });

  it('accepts an event up to 1 hour ahead of the server clock', async () => {
    expect(await track(at('2024-05-01T12:59:59.999Z'))).toMatchObject({ status: 200, body: { accepted: 1 } });
  });

  it('rejects an event more than 1 hour ahead, and keeps the good events of its batch', async () => {
    const res = await track({ batch: [at('2024-05-01T13:00:00.001Z'), at('2024-05-01T11:00:00Z')] });
    expect(res).toMatchObject({
      status: 200,
      body: { accepted: 1, rejected: [{ index: 0, error: 'timestamp is more than 1 hour ahead of the server clock (after sent_at correction)' }] },
    });
  });

  it('rejects an event more than 30 days old, with 400 when it is the only one', async () => {
    expect(await track(at('2024-04-01T11:59:59.999Z'))).toMatchObject({ status: 400, body: { error: 'timestamp is more than 30 days in the past' } });
    expect((await track(at('2024-04-01T12:00:00.000Z'))).status).toBe(200);
  });

  it('applies the bounds after clock-skew correction', async () => {
    // The client clock runs 5 hours ahead: its timestamp looks far in the future, its sent_at says why.
    const skewed = { ...at('2024-05-01T16:59:00Z'), uuid: UUID, sent_at: '2024-05-01T17:00:00Z' };
    expect(await track(skewed)).toMatchObject({ status: 200, body: { accepted: 1 } });
    expect((await api.storage.eventLog.getEvent(api.demo.project_id, UUID))?.timestamp).toBe(Date.parse('2024-05-01T11:59:00Z'));
    // ...and a client clock 40 days behind that sends events of "now" is not too old.
    expect((await track({ ...at('2024-03-22T12:00:00Z'), sent_at: '2024-03-22T12:00:00Z' })).status).toBe(200);
  });

  it('takes other bounds from the router options (maxEventAgeMs, maxEventAheadMs)', async () => {
    await api.close();
    api = await startTestServer({ clock: () => NOW, maxEventAgeMs: Number.POSITIVE_INFINITY, maxEventAheadMs: 60_000 });
    expect((await track(at('2001-01-01T00:00:00Z'))).status).toBe(200);
    expect(await track(at('2024-05-01T12:02:00Z'))).toMatchObject({
      status: 400,
      body: { error: 'timestamp is more than 1 minute ahead of the server clock (after sent_at correction)' },
    });
  });
});

describe('POST /v1/track: property keys', () => {
  it('names the rule a property key breaks', async () => {
    expect(await track({ event_name: 'a', device_id: 'd', num_properties: { ['k'.repeat(201)]: 1 } })).toMatchObject({
      status: 400,
      body: { error: 'num_properties keys must be at most 200 characters' },
    });
  });
});
