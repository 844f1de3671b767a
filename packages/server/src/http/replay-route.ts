import type { RequestHandler } from 'express';
import { authorizedProjectId } from '../access/principal.js';
import type { EventStore } from '../ports/index.js';
import { decodeReplayBody, replayEncoding } from '../services/replay/replay-encoding.js';
import { storeReplayChunks } from '../services/replay/store-replay-chunks.js';
import { BodyTooLargeError, readRawBody } from './raw-body.js';

export interface ReplayRouteContext {
  events: EventStore;
  /** Largest body on the wire (compressed when gzip), in bytes. */
  maxBodyBytes: number;
  /** Largest body after decompression, in bytes. */
  maxDecodedBytes: number;
}

/** `POST /v1/replay/chunks`, after the SDK key authenticated: reads, decompresses (bounded), validates, stores. */
export function replayHandler({ events, maxBodyBytes, maxDecodedBytes }: ReplayRouteContext): RequestHandler {
  return async (req, res) => {
    const encoding = replayEncoding(req);
    let bytes: Buffer;
    try {
      bytes = await readRawBody(req, maxBodyBytes);
    } catch (error) {
      // The rest of an oversized body is not read: close the connection after answering.
      if (error instanceof BodyTooLargeError) res.set('Connection', 'close');
      throw error;
    }
    const body = await decodeReplayBody(bytes, encoding, Math.max(maxDecodedBytes, maxBodyBytes));
    res.json(await storeReplayChunks(events, authorizedProjectId(res.locals), body));
  };
}
