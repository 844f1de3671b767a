import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { Request } from 'express';
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../../errors/index.js';

const gunzipAsync = promisify(gunzip);

/** Media types a replay body may be declared as; all are read as JSON. A body without a type is read as JSON too. */
const REPLAY_MEDIA_TYPES = ['application/json', 'text/plain', 'application/octet-stream'];

export type ReplayEncoding = 'gzip' | 'identity';

/**
 * The encoding of a replay body from its headers, checked before the body is read: `Content-Encoding`
 * absent, `identity`, `gzip` or `x-gzip`; anything else (br, deflate, a list) is 415, as is a media type
 * other than JSON, text or bytes.
 */
export function replayEncoding(req: Request): ReplayEncoding {
  const type = (req.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type !== '' && !REPLAY_MEDIA_TYPES.includes(type)) {
    throw new UnsupportedMediaTypeError('Content-Type must be application/json (optionally with Content-Encoding: gzip)');
  }
  const encoding = (req.get('content-encoding') ?? '').trim().toLowerCase();
  if (encoding === '' || encoding === 'identity') return 'identity';
  if (encoding === 'gzip' || encoding === 'x-gzip') return 'gzip';
  throw new UnsupportedMediaTypeError(`Unsupported Content-Encoding ${JSON.stringify(encoding.slice(0, 40))}: send gzip or nothing`);
}

/** True when `bytes` start with the gzip magic number (what sendBeacon sends when it cannot set headers). */
function looksGzipped(bytes: Buffer): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/**
 * Decompresses (when gzip) and parses a replay body. zlib stops as soon as the output passes
 * `maxDecodedBytes` (413), so a gzip bomb costs at most that much memory; corrupt or truncated gzip and
 * invalid JSON are 400.
 */
export async function decodeReplayBody(bytes: Buffer, encoding: ReplayEncoding, maxDecodedBytes: number): Promise<unknown> {
  if (bytes.length === 0) throw new BadRequestError('Empty body: send a replay chunk as JSON');
  let text: Buffer = bytes;
  if (encoding === 'gzip' || looksGzipped(bytes)) {
    try {
      text = await gunzipAsync(bytes, { maxOutputLength: maxDecodedBytes });
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new PayloadTooLargeError(`Decompressed body too large: the limit is ${maxDecodedBytes} bytes`);
      }
      throw new BadRequestError('Invalid gzip body');
    }
  } else if (bytes.length > maxDecodedBytes) {
    throw new PayloadTooLargeError(`Request body too large: the limit is ${maxDecodedBytes} bytes`);
  }
  try {
    return JSON.parse(text.toString('utf8')) as unknown;
  } catch {
    throw new BadRequestError('Invalid JSON body');
  }
}
