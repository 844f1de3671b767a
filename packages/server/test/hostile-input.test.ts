import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendRaw } from './support/send-raw.js';
import type { RawAnswer } from './support/send-raw.js';
import { startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

// Hostile JSON and values on POST /v1/track: every one is a 4xx `{ error }` or a stored event of plain
// data; never a 500, a crash, or a touched Object.prototype. Bytes, sizes and encodings:
// hostile-input-bytes.test.ts. Decisions: docs/ingestion-track.md.
const NOW = Date.parse('2024-05-01T12:00:00.000Z');
const UUID = '01890000-0000-7000-8000-000000000001';
let api: TestServer;
let prototypeBefore: string[];

beforeEach(async () => {
  api = await startTestServer({ clock: () => NOW });
  prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();
});
afterEach(async () => {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  // The process is alive and still serves: a valid event after every hostile one.
  expect((await send(JSON.stringify({ event_name: 'after', device_id: 'd' }))).status).toBe(200);
  await api.close();
});

const send = (body: string, headers: Record<string, string> = {}) =>
  sendRaw(`${api.url}/v1/track`, body, { 'Content-Type': 'application/json', 'X-API-Key': api.demo.pk, ...headers });
const stored = () => api.storage.eventLog.getEvent(api.demo.project_id, UUID);

function expectError(res: RawAnswer, status: number, error?: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ error: error ?? expect.any(String) });
}

describe('hostile JSON on POST /v1/track', () => {
  it('answers invalid JSON, NaN and Infinity (not JSON) with 400 "Invalid JSON body"', async () => {
    for (const body of ['{"event_name": ', "{'event_name':'x'}", '{"a":1,}', 'NaN', '{"num_properties":{"n":NaN}}', '{"n":Infinity}', '{"n":-Infinity}', ' ']) {
      expectError(await send(body), 400, 'Invalid JSON body');
    }
  });

  it('answers an empty body with 400 "Request body is empty"', async () => {
    expectError(await send(''), 400, 'Request body is empty');
  });

  it('answers bodies that are not an event or a batch with 400', async () => {
    for (const body of ['null', '[]', '"text"', '42', 'true', '[{"event_name":"x","device_id":"d"}]', '{"batch":{}}', '{"batch":[]}', '{"batch":null}']) {
      expectError(await send(body), 400);
    }
  });

  it('answers 100,000 and 500,000 levels of [[[... with 400, without a stack overflow', async () => {
    for (const depth of [100_000, 500_000]) expectError(await send('['.repeat(depth) + ']'.repeat(depth)), 400);
    expectError(await send('{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000)), 400, 'JSON body is nested deeper than 64 levels');
  });

  it('rejects nesting deeper than 64 levels before validation, in a known field or an unknown one', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    expectError(await send(`{"event_name":"x","device_id":"d","str_properties":{"a":${deep}}}`), 400, 'JSON body is nested deeper than 64 levels');
    expectError(await send(`{"event_name":"x","device_id":"d","uuid":"${UUID}","extra":${deep}}`), 400, 'JSON body is nested deeper than 64 levels');
    expect(await stored()).toBeUndefined();
  });

  it('accepts nesting of exactly 64 levels, and ignores it in an unknown field', async () => {
    const deep = '['.repeat(63) + ']'.repeat(63);
    const res = await send(`{"event_name":"x","device_id":"d","uuid":"${UUID}","extra":${deep}}`);
    expect(res).toMatchObject({ status: 200, body: { accepted: 1 } });
    expect(await stored()).not.toHaveProperty('extra');
  });
});

describe('prototype keys on POST /v1/track', () => {
  it('ignores __proto__, constructor and prototype at the top level', async () => {
    const body = `{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":2}},"prototype":{"polluted":3},"event_name":"p","device_id":"d","uuid":"${UUID}"}`;
    expect(await send(body)).toMatchObject({ status: 200, body: { accepted: 1 } });
    const event = await stored();
    expect(Object.keys(event ?? {}).sort()).toEqual([
      'device_id',
      'event_name',
      'num_properties',
      'project_id',
      'received_at',
      'session_id',
      'str_properties',
      'timestamp',
      'user_id',
      'uuid',
    ]);
  });

  it('drops __proto__ property keys and stores constructor, prototype and toString as plain data', async () => {
    const body = `{"event_name":"p","device_id":"d","uuid":"${UUID}","str_properties":{"__proto__":{"polluted":1},"constructor":"c","prototype":"p","toString":"t"},"num_properties":{"__proto__":5,"constructor":1}}`;
    expect(await send(body)).toMatchObject({ status: 200, body: { accepted: 1 } });
    const event = await stored();
    expect(event?.str_properties).toEqual({ constructor: 'c', prototype: 'p', toString: 't' });
    expect(Object.getPrototypeOf(event?.str_properties)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(event?.str_properties, 'constructor')).toMatchObject({ value: 'c', enumerable: true });
    expect(event?.num_properties).toEqual({ constructor: 1 });
  });

  it('does not take a batch from a __proto__ key', async () => {
    expectError(await send('{"__proto__":{"batch":[{"event_name":"x","device_id":"d"}]}}'), 400, 'event_name is required');
  });

  it('treats operator-like objects as wrong types, not queries', async () => {
    expectError(await send('{"event_name":{"$gt":""},"device_id":{"$ne":null}}'), 400);
  });
});

describe('hostile numbers and dates on POST /v1/track', () => {
  it('rejects 1e400 and -1e400 (Infinity once parsed) and accepts 1e-400 as 0', async () => {
    for (const n of ['1e400', '-1e400']) {
      expectError(await send(`{"event_name":"n","device_id":"d","num_properties":{"n":${n}}}`), 400, 'num_properties values must be finite numbers');
    }
    expect((await send(`{"event_name":"n","device_id":"d","uuid":"${UUID}","num_properties":{"n":1e-400}}`)).status).toBe(200);
    expect((await stored())?.num_properties).toEqual({ n: 0 });
  });

  it('rejects impossible, relative, numeric and partial dates', async () => {
    for (const timestamp of [
      '2024-02-30T10:00:00Z',
      '2023-02-29T00:00:00Z',
      '2024-05-01T24:00:00Z',
      'yesterday',
      1714557600000,
      '2024-05-01',
      '2024-05-01T10:00Z',
      '2024-05-01 10:00:00Z',
      null,
      '',
    ]) {
      expectError(await send(JSON.stringify({ event_name: 'd', device_id: 'd', timestamp })), 400, 'timestamp must be an ISO 8601 date-time');
    }
  });

  it('rejects every event of a batch whose shared sent_at is not a date', async () => {
    const res = await send(
      JSON.stringify({
        sent_at: 'now',
        batch: [
          { event_name: 'a', device_id: 'd' },
          { event_name: 'b', device_id: 'd', sent_at: '2024-05-01T12:00:00Z' },
        ],
      }),
    );
    expect(res).toMatchObject({ status: 200, body: { accepted: 1, rejected: [{ index: 0, error: 'sent_at must be an ISO 8601 date-time' }] } });
  });
});

describe('hostile strings on POST /v1/track', () => {
  it('rejects control characters in event_name, ids and property keys, and keeps them in values', async () => {
    expectError(await send('{"event_name":"a\\u0000b","device_id":"d"}'), 400, 'event_name must not contain control characters');
    expectError(await send('{"event_name":"a","device_id":"d","session_id":"s\\u0085"}'), 400, 'session_id must not contain control characters');
    expectError(await send('{"event_name":"a","device_id":"d","str_properties":{"k\\t":"v"}}'), 400, 'str_properties keys must not contain control characters');
    expect((await send(`{"event_name":"a","device_id":"d","uuid":"${UUID}","str_properties":{"text":"a\\nb\\u0000c"}}`)).status).toBe(200);
    expect((await stored())?.str_properties).toEqual({ text: 'a\nb\u0000c' });
  });

  it('rejects a lone surrogate in event_name with 400 naming the field, instead of merging it into U+FFFD', async () => {
    expectError(await send('{"event_name":"signup\\ud800","device_id":"d"}'), 400, 'event_name must not contain lone surrogates');
    expectError(await send('{"event_name":"\\udfff","device_id":"d"}'), 400, 'event_name must not contain lone surrogates');
  });

  it('rejects lone surrogates in ids and property keys too, as it does control characters', async () => {
    expectError(await send('{"event_name":"a","device_id":"\\udc00d"}'), 400, 'device_id must not contain lone surrogates');
    expectError(await send('{"event_name":"a","device_id":"d","user_id":"u\\ud83d"}'), 400, 'user_id must not contain lone surrogates');
    expectError(await send('{"event_name":"a","device_id":"d","session_id":"\\ud800s"}'), 400, 'session_id must not contain lone surrogates');
    expectError(
      await send('{"event_name":"a","device_id":"d","str_properties":{"k\\ud800":"v"}}'),
      400,
      'str_properties keys must not contain lone surrogates',
    );
    expectError(await send('{"event_name":"a","device_id":"d","num_properties":{"\\udfffk":1}}'), 400, 'num_properties keys must not contain lone surrogates');
  });

  it('rejects only the event with a lone surrogate in a batch, and keeps the valid ones', async () => {
    const res = await send(`{"batch":[{"event_name":"a\\ud800","device_id":"d"},{"event_name":"ok","device_id":"d","uuid":"${UUID}"}]}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ accepted: 1, rejected: [{ index: 0, error: 'event_name must not contain lone surrogates' }] });
    expect((await stored())?.event_name).toBe('ok');
  });

  it('keeps a surrogate pair (a real emoji) in names, and repairs a lone surrogate in a string property value to U+FFFD', async () => {
    expect((await send(`{"event_name":"\\ud83d\\ude00","device_id":"d","uuid":"${UUID}","str_properties":{"title":"cut \\ud83d"}}`)).status).toBe(200);
    expect(await stored()).toMatchObject({ event_name: '\u{1F600}', str_properties: { title: 'cut \ufffd' } });
  });

  it('rejects huge names and values by their caps, quickly', async () => {
    expectError(await send(JSON.stringify({ event_name: 'x'.repeat(100_000), device_id: 'd' })), 400, 'event_name must be at most 200 characters');
    expectError(
      await send(JSON.stringify({ event_name: 'x', device_id: 'd', str_properties: { v: 'x'.repeat(900_000) } })),
      400,
      'str_properties values must be at most 8192 characters',
    );
  });

  it('rejects 50,000 property keys and ignores 50,000 unknown top-level fields', async () => {
    const many = (n: number, value: string) => `{${Array.from({ length: n }, (_, i) => `"k${i}":${value}`).join(',')}}`;
    const started = Date.now();
    expectError(await send(`{"event_name":"x","device_id":"d","str_properties":${many(50_000, '"v"')}}`), 400, 'str_properties holds more than 256 keys');
    const top = many(50_000, '1').replace(/^\{/, `{"event_name":"x","device_id":"d","uuid":"${UUID}",`);
    expect(await send(top)).toMatchObject({ status: 200, body: { accepted: 1 } });
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
