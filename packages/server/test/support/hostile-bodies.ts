import { gzipSync } from 'node:zlib';
import { mulberry32 } from '@northstar/adapter-testing';

/** A seeded generator (mulberry32): the same seed gives the same inputs, so a failure can be replayed. */
export interface Rng {
  /** In [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  pick<T>(values: readonly T[]): T;
  chance(p: number): boolean;
}

export function seededRng(seed: number): Rng {
  const next = mulberry32(seed);
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, pick: (values) => values[int(values.length)]!, chance: (p) => next() < p };
}

/** Strings that break one rule or another, or none (a name must be 1–200 characters without control characters). */
export const TRICKY_STRINGS = [
  'ok',
  'é🎉 ünï',
  '',
  ' ',
  'x'.repeat(200),
  'x'.repeat(201),
  'a\u0000b',
  'tab\t',
  'line\n',
  'del\u007f',
  'c1\u0085',
  'a\ud800',
  '\udc00z',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  '{"$gt":""}',
  '<script>',
] as const;

export const TRICKY_VALUES: readonly unknown[] = [
  ...TRICKY_STRINGS,
  0,
  -0,
  -1,
  1.5,
  1e308,
  Number.POSITIVE_INFINITY,
  Number.NaN,
  null,
  true,
  false,
  [],
  {},
  ['a'],
  { a: 1 },
  'x'.repeat(8193),
];

export const TIMESTAMPS: readonly unknown[] = [
  '2024-05-01T10:00:00Z',
  '2024-05-01T10:00:00.123+02:00',
  '2024-05-01T11:59:59.999999Z',
  '2024-02-29T00:00:00Z',
  '2023-02-29T00:00:00Z',
  '2024-02-30T10:00:00Z',
  '2024-04-31T10:00:00Z',
  '2024-05-01T24:00:00Z',
  '2024-05-01T10:00Z',
  '2024-05-01 10:00:00Z',
  '2024-05-01',
  'yesterday',
  '',
  12345,
  1714557600000,
  null,
  true,
  {},
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '2024-05-01T10:00:00+24:00',
  '2024-05-01T10:00:00z',
];

export const UUIDS: readonly unknown[] = [
  '01890000-0000-7000-8000-00000000abcd',
  '01890000-0000-7000-8000-00000000ABCD',
  'not-a-uuid',
  '',
  42,
  null,
  {},
  '01890000-0000-7000-8000-00000000abc',
  '01890000000070008000000000000abc',
];

const KEYS = [
  'plan',
  'path',
  'k'.repeat(200),
  'k'.repeat(201),
  '',
  'a\u0000',
  'ta\tb',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'k\ud800',
  '0',
  '$user.name',
];

function propertyMap(r: Rng, value: () => unknown): unknown {
  if (r.chance(0.1)) return r.pick(TRICKY_VALUES);
  const size = r.chance(0.05) ? 257 : r.int(5);
  const entries: [string, unknown][] = [];
  for (let i = 0; i < size; i++) entries.push([size > 10 ? `k${i}` : r.pick(KEYS), value()]);
  // Through JSON text, so that `__proto__` becomes an own key as it does in a request body.
  return JSON.parse(`{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',')}}`) as unknown;
}

/** An event-like object: each field absent, valid, or one of the tricky values. */
export function trickyEvent(r: Rng): Record<string, unknown> {
  const event: Record<string, unknown> = {};
  const maybe = (field: string, valid: () => unknown, tricky: readonly unknown[], pAbsent = 0.3, pTricky = 0.15) => {
    if (r.chance(pAbsent)) return;
    event[field] = r.chance(pTricky) ? r.pick(tricky) : valid();
  };
  maybe('event_name', () => r.pick(['signup', '$pageview', 'é🎉']), [...TRICKY_VALUES, ...TRICKY_STRINGS], 0.05);
  maybe('user_id', () => `u${r.int(9)}`, TRICKY_VALUES, 0.5);
  maybe('device_id', () => `d${r.int(9)}`, TRICKY_VALUES, 0.3);
  maybe('session_id', () => `s${r.int(9)}`, TRICKY_VALUES, 0.6);
  maybe('uuid', () => UUIDS[0], UUIDS, 0.5, 0.4);
  maybe('timestamp', () => '2024-05-01T10:00:00Z', TIMESTAMPS, 0.4, 0.5);
  maybe('sent_at', () => '2024-05-01T10:00:05Z', TIMESTAMPS, 0.7, 0.5);
  maybe(
    'str_properties',
    () => propertyMap(r, () => (r.chance(0.85) ? r.pick(['pro', '/pricing', 'x'.repeat(8192), 'line\nbreak']) : r.pick(TRICKY_VALUES))),
    TRICKY_VALUES,
  );
  maybe('num_properties', () => propertyMap(r, () => (r.chance(0.85) ? r.pick([0, 42, -1.5, 1e308]) : r.pick(TRICKY_VALUES))), TRICKY_VALUES);
  if (r.chance(0.1)) event[r.pick(['color', 'api_key', 'batch_id', 'constructor'])] = r.pick(TRICKY_VALUES);
  return event;
}

/** One request: its body bytes (or text) and the headers that go with it, besides the key. */
export interface FuzzRequest {
  body: string | Uint8Array;
  headers: Record<string, string>;
}

const JSON_TYPE = { 'Content-Type': 'application/json' };

function nested(depth: number, open = '[', close = ']'): string {
  return open.repeat(depth) + close.repeat(depth);
}

function flipBytes(r: Rng, text: string): Uint8Array {
  const bytes = new TextEncoder().encode(text);
  for (let i = 0, n = 1 + r.int(4); i < n && bytes.length > 0; i++) bytes[r.int(bytes.length)] = r.int(256);
  return bytes;
}

function insertBytes(r: Rng, text: string, inserted: number[]): Uint8Array {
  const bytes = new TextEncoder().encode(text);
  const at = r.int(bytes.length + 1);
  return new Uint8Array([...bytes.subarray(0, at), ...inserted, ...bytes.subarray(at)]);
}

/**
 * A malformed or hostile request derived from `seed` (a valid event's JSON): truncation, byte flips,
 * type swaps, deep nesting, prototype keys, huge values, wrong media types, invalid UTF-8, and so on.
 * None carries an event named `fuzz_valid`, so none can be mistaken for the valid events of a test.
 */
export function hostileRequest(r: Rng, seed: Record<string, unknown>): FuzzRequest {
  const text = JSON.stringify(seed);
  const json = (body: string | Uint8Array) => ({ body, headers: JSON_TYPE });
  switch (r.int(16)) {
    case 0:
      return json(text.slice(0, r.int(text.length)));
    case 1:
      return json(flipBytes(r, text));
    case 2:
      return json(JSON.stringify(trickyEvent(r)));
    case 3:
      return json(JSON.stringify({ batch: Array.from({ length: 1 + r.int(5) }, () => trickyEvent(r)) }));
    case 4:
      return json(
        r.chance(0.5)
          ? nested(50_000 + r.int(100_000))
          : `{"event_name":"x","device_id":"d","str_properties":{"a":${nested(20_000)}},"extra":${nested(30_000, '{"a":', '}').replace('{"a":}', '{"a":1}')}}`,
      );
    case 5:
      return json(
        text.replace(
          '{',
          r.pick([
            '{"__proto__":{"polluted":1},',
            '{"constructor":{"prototype":{"polluted":1}},',
            '{"__proto__":{"batch":[{"event_name":"x","device_id":"d"}]},',
          ]),
        ),
      );
    case 6:
      return json(JSON.stringify({ ...seed, str_properties: { big: 'x'.repeat(r.pick([8193, 100_000, 900_000])) } }));
    case 7:
      return json(`{${Array.from({ length: 20_000 + r.int(30_000) }, (_, i) => `"k${i}":${i}`).join(',')},"event_name":"x","device_id":"d"}`);
    case 8:
      return {
        body: text,
        headers: {
          'Content-Type': r.pick([
            'application/x-www-form-urlencoded',
            'multipart/form-data',
            'text/html',
            'application/xml',
            'application/json; charset=latin1',
            'text/plain; charset=utf-16',
            '',
          ]),
        },
      };
    case 9:
      return json(insertBytes(r, text, r.pick([[0xff], [0xfe, 0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xf8, 0x88, 0x80, 0x80, 0x80], [0x80]])));
    case 10:
      return json(text.replace(/:(\d+|"[^"]*")/, `:${r.pick(['NaN', 'Infinity', '-Infinity', '1e400', 'undefined', "'single'", '0x10', '01'])}`));
    case 11:
      return {
        body: r.chance(0.5) ? text : gzipSync(text).subarray(0, 10 + r.int(20)),
        headers: { ...JSON_TYPE, 'Content-Encoding': r.pick(['gzip', 'deflate', 'br', 'zstd', 'compress', 'gzip, gzip']) },
      };
    case 12:
      return json(
        r.pick(['', ' ', 'null', '[]', '"text"', '42', 'true', '{}', '{"batch":{}}', '{"batch":[]}', '{"batch":null}', '[{"event_name":"x","device_id":"d"}]']),
      );
    case 13:
      return json(JSON.stringify({ batch: Array.from({ length: 501 }, () => ({ event_name: 'x', device_id: 'd' })) }));
    case 14:
      return json(text.replace(/"[a-z_]+":"/, (m) => `${m}${r.pick(['\\u0000', '\\ud800', '\\udfff\\ud800', '\\u001f', '\\x41', '\\'])}`));
    default:
      return json(
        JSON.stringify({ ...seed, [r.pick(['event_name', 'device_id', 'uuid', 'timestamp', 'str_properties', 'num_properties'])]: r.pick(TRICKY_VALUES) }),
      );
  }
}
