import { BadRequestError, PayloadTooLargeError } from '../../errors/index.js';
import { decodeContent } from '../content-decoding.js';
import { assertJsonDepth, assertParsedJsonWithin } from '../json-depth.js';

/**
 * Deepest nesting of a replay body. rrweb's full snapshot nests two levels per DOM element (a node,
 * then its `childNodes`), so this is far above `MAX_JSON_DEPTH` of the other routes, and still far
 * below what would exhaust the stack when the chunk is stored (docs/decisions.md, "JSON nesting depth").
 */
export const MAX_REPLAY_DEPTH = 1_000;

/** How a replay body is encoded on the wire (`Content-Encoding`, read by the HTTP layer). */
export type ReplayEncoding = 'gzip' | 'identity';

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
    text = await decodeContent(bytes, 'gzip', maxDecodedBytes, {
      tooLarge: `Decompressed body too large: the limit is ${maxDecodedBytes} bytes`,
      corrupt: 'Invalid gzip body',
    });
  } else if (bytes.length > maxDecodedBytes) {
    throw new PayloadTooLargeError(`Request body too large: the limit is ${maxDecodedBytes} bytes`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text.toString('utf8')) as unknown;
  } catch {
    throw new BadRequestError('Invalid JSON body');
  }
  assertJsonDepth(value, MAX_REPLAY_DEPTH);
  return value;
}

/** A replay body a host's `express.json()` parsed before the router, held to the same caps. */
export function checkReplayValue(value: unknown, maxDecodedBytes: number): unknown {
  return assertParsedJsonWithin(value, MAX_REPLAY_DEPTH, maxDecodedBytes, `Request body too large: the limit is ${maxDecodedBytes} bytes`);
}
