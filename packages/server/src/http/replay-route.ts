import type { Request } from 'express';
import { UnsupportedMediaTypeError } from '../errors/index.js';
import type { ParsedReplayChunk } from '../schemas/replay-chunk.js';
import { checkReplayValue, decodeReplayBody } from '../services/replay/replay-encoding.js';
import type { ReplayEncoding } from '../services/replay/replay-encoding.js';
import type { ReplayService } from '../services/replay/store-replay-chunks.js';
import { hostParsedBody } from './host-parsed-body.js';
import { readRawBody } from './raw-body.js';
import type { AccessInput, RouteHandlerOf } from './routes/route-definition.js';

export interface ReplayRouteContext {
  /** Largest body on the wire (compressed when gzip), in bytes. */
  maxBodyBytes: number;
  /** Largest body after decompression, in bytes. */
  maxDecodedBytes: number;
}

/** Media types a replay body may be declared as; all are read as JSON. A body without a type is read as JSON too. */
const REPLAY_MEDIA_TYPES = ['application/json', 'text/plain', 'application/octet-stream'];

/**
 * The encoding of a replay body from its headers, checked before the body is read: `Content-Encoding`
 * absent, `identity`, `gzip` or `x-gzip`; anything else (br, deflate, a list) is 415, as is a media type
 * other than JSON, text or bytes.
 */
function replayEncoding(req: Request): ReplayEncoding {
  const type = (req.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type !== '' && !REPLAY_MEDIA_TYPES.includes(type)) {
    throw new UnsupportedMediaTypeError('Content-Type must be application/json (optionally with Content-Encoding: gzip)');
  }
  const encoding = (req.get('content-encoding') ?? '').trim().toLowerCase();
  if (encoding === '' || encoding === 'identity') return 'identity';
  if (encoding === 'gzip' || encoding === 'x-gzip') return 'gzip';
  throw new UnsupportedMediaTypeError(`Unsupported Content-Encoding ${JSON.stringify(encoding.slice(0, 40))}: send gzip or nothing`);
}

/**
 * The decoded replay body: read here (bounded; the rest of an oversized body is never read, see
 * `bodyGuard`), or taken from a host parser that ran before the router (already inflated by it; a gzip
 * body it kept as bytes is recognised by its magic number).
 */
export async function readReplayBody(req: Request, { maxBodyBytes, maxDecodedBytes }: ReplayRouteContext): Promise<unknown> {
  const encoding = replayEncoding(req);
  const maxDecoded = Math.max(maxDecodedBytes, maxBodyBytes);
  const parsed = hostParsedBody(req);
  if (parsed?.kind === 'value') return checkReplayValue(parsed.value, maxDecoded);
  if (parsed?.kind === 'bytes') return decodeReplayBody(parsed.bytes, 'identity', maxDecoded);
  return decodeReplayBody(await readRawBody(req, maxBodyBytes), encoding, maxDecoded);
}

/** `POST /v1/replay/chunks`, after the SDK key authenticated and the body was read, decompressed (bounded) and validated. */
export function replayHandler(replay: ReplayService): RouteHandlerOf<undefined, undefined, ParsedReplayChunk[], AccessInput<{ kind: 'sdk_key' }>> {
  return async ({ projectId, body }, _req, res) => {
    res.json(await replay.storeChunks(projectId, body));
  };
}
