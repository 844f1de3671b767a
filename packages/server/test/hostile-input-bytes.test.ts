import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendRaw, sendTruncated } from './support/send-raw.js';
import type { RawAnswer } from './support/send-raw.js';
import { startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

// Hostile bytes, sizes, media types and encodings on POST /v1/track (values: hostile-input.test.ts).
// Decisions: docs/ingestion-track.md, "Hostile input".
let api: TestServer;

beforeEach(async () => {
  api = await startTestServer();
});
afterEach(async () => {
  // The process is alive and still serves after every hostile request.
  expect((await send(JSON.stringify({ event_name: 'after', device_id: 'd' }))).status).toBe(200);
  await api.close();
});

const EVENT = JSON.stringify({ event_name: 'bytes', device_id: 'd' });
const send = (body: string | Uint8Array, headers: Record<string, string> = {}) =>
  sendRaw(`${api.url}/v1/track`, body, { 'Content-Type': 'application/json', 'X-API-Key': api.demo.pk, ...headers });
const utf8 = (text: string) => new TextEncoder().encode(text);
/** `{"event_name":"x<bytes>","device_id":"d"}`: raw bytes inside a JSON string. */
const withBytes = (bytes: number[]) => new Uint8Array([...utf8('{"event_name":"x'), ...bytes, ...utf8('","device_id":"d"}')]);

function expectError(res: RawAnswer, status: number, error?: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ error: error ?? expect.any(String) });
}

describe('invalid UTF-8 on POST /v1/track', () => {
  it('answers invalid bytes, overlong forms, encoded surrogates and cut sequences with 400', async () => {
    for (const bytes of [
      [0xff, 0xfe],
      [0x80],
      [0xc0, 0xaf],
      [0xe0, 0x80, 0xaf],
      [0xed, 0xa0, 0x80],
      [0xe2, 0x82],
      [0xf4, 0x90, 0x80, 0x80],
      [0xf8, 0x88, 0x80, 0x80, 0x80],
    ]) {
      expectError(await send(withBytes(bytes)), 400, 'Request body is not valid UTF-8');
    }
  });

  it('accepts real multi-byte characters and a leading byte-order mark', async () => {
    expect((await send(withBytes([0xc3, 0xa9, 0xf0, 0x9f, 0x8e, 0x89]))).status).toBe(200);
    expect((await send(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(EVENT)]))).status).toBe(200);
  });
});

describe('media types and charsets on POST /v1/track', () => {
  it('accepts application/json, application/*+json and text/plain (sendBeacon), in UTF-8', async () => {
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'application/json;charset="UTF-8"',
      'application/vnd.api+json',
      'text/plain;charset=UTF-8',
      'TEXT/PLAIN',
    ]) {
      expect((await send(EVENT, { 'Content-Type': type })).status, type).toBe(200);
    }
  });

  it('answers other media types, and no media type, with 415', async () => {
    for (const type of [
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'text/html',
      'application/xml',
      'application/octet-stream',
      'json',
    ]) {
      expectError(await send(EVENT, { 'Content-Type': type }), 415, 'Content-Type must be application/json or text/plain');
    }
    const untyped = await fetch(`${api.url}/v1/track`, { method: 'POST', headers: { 'X-API-Key': api.demo.pk }, body: new Uint8Array(utf8(EVENT)) });
    expect(untyped.status).toBe(415);
  });

  it('answers charsets other than UTF-8 with 415', async () => {
    for (const charset of ['latin1', 'iso-8859-1', 'utf-16', 'utf-16le', 'klingon']) {
      expectError(await send(EVENT, { 'Content-Type': `application/json; charset=${charset}` }), 415, 'Unsupported charset: JSON bodies must be UTF-8');
    }
  });
});

describe('content encodings on POST /v1/track', () => {
  it('accepts gzip, deflate and br bodies', async () => {
    for (const [encoding, body] of [
      ['gzip', gzipSync(EVENT)],
      ['deflate', deflateSync(EVENT)],
      ['br', brotliCompressSync(EVENT)],
    ] as const) {
      expect(await send(new Uint8Array(body), { 'Content-Encoding': encoding }), encoding).toMatchObject({ status: 200, body: { accepted: 1 } });
    }
  });

  it('answers a corrupt or cut gzip body with 400', async () => {
    expectError(await send(new Uint8Array(gzipSync(EVENT).subarray(0, 12)), { 'Content-Encoding': 'gzip' }), 400);
    expectError(await send(EVENT, { 'Content-Encoding': 'gzip' }), 400, 'Request body could not be read (corrupt or truncated encoding)');
  });

  it('answers a gzip bomb with 413: the cap applies to the decoded bytes', async () => {
    const bomb = gzipSync(Buffer.alloc(20 * 1024 * 1024, 0x20));
    expect(bomb.length).toBeLessThan(100_000);
    expectError(await send(new Uint8Array(bomb), { 'Content-Encoding': 'gzip' }), 413, 'Request body too large');
  });

  it('answers other encodings with 415', async () => {
    for (const encoding of ['zstd', 'compress', 'gzip, gzip', 'x-custom']) {
      expectError(await send(EVENT, { 'Content-Encoding': encoding }), 415, 'Unsupported Content-Encoding: use gzip, deflate, br or none');
    }
  });
});

describe('sizes and broken uploads on POST /v1/track', () => {
  it('answers a body over 1 MiB with 413, whatever it holds', async () => {
    expectError(await send('['.repeat(1_100_000)), 413, 'Request body too large');
    expectError(await send(JSON.stringify({ event_name: 'x', device_id: 'd', extra: 'x'.repeat(1_048_576) })), 413, 'Request body too large');
  });

  it('answers a batch of more than 500 events with 413 and the limit', async () => {
    const batch = Array.from({ length: 501 }, () => ({ event_name: 'x', device_id: 'd' }));
    expectError(await send(JSON.stringify({ batch })), 413, 'batch holds 501 events; the limit is 500');
  });

  it('survives clients that hang up mid-body, or promise more bytes than they send', async () => {
    const headers = { 'Content-Type': 'application/json', 'X-API-Key': api.demo.pk };
    await sendTruncated(`${api.url}/v1/track`, headers, 10_000, EVENT.slice(0, 10));
    await sendTruncated(`${api.url}/v1/track`, headers, 2_000_000, 'x'.repeat(1000));
  });
});
