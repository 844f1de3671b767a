import type { Request } from 'express';
import type { ReplayStore } from '../ports/index.js';
import type { ParsedReplayChunk } from '../schemas/replay-chunk.js';
import { checkReplayValue, decodeReplayBody, replayEncoding } from '../services/replay/replay-encoding.js';
import { storeReplayChunks } from '../services/replay/store-replay-chunks.js';
import { hostParsedBody } from './host-parsed-body.js';
import { readRawBody } from './raw-body.js';
import type { AccessInput, RouteHandlerOf } from './routes/route-definition.js';

export interface ReplayRouteContext {
  /** Largest body on the wire (compressed when gzip), in bytes. */
  maxBodyBytes: number;
  /** Largest body after decompression, in bytes. */
  maxDecodedBytes: number;
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
export function replayHandler(replays: Pick<ReplayStore, 'appendReplayChunk'>): RouteHandlerOf<undefined, undefined, ParsedReplayChunk[], AccessInput<{ kind: 'sdk_key' }>> {
  return async ({ projectId, body }, _req, res) => {
    res.json(await storeReplayChunks(replays, projectId, body));
  };
}
