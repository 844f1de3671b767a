import type { eventWithTime } from 'rrweb';
import { gzipNow } from './gzip.js';

/** One chunk of a session's recording, as `POST /v1/replay/chunks` takes it (docs/ingestion-endpoints.md). */
export interface ReplayChunk {
  session_id: string;
  seq: number;
  device_id: string;
  user_id?: string;
  events: eventWithTime[];
}

/** A chunk ready to go: its JSON, gzip-compressed when `gzipped`. */
export interface EncodedChunk {
  body: Uint8Array | string;
  gzipped: boolean;
}

/** Keepalive requests share 64 KiB in flight: a larger body goes as an ordinary request. */
const KEEPALIVE_LIMIT = 60_000;

/**
 * The chunk's body now, in one synchronous call, for a page that is going away (a promise would not be resumed).
 * Otherwise chunks go through the recorder's ChunkEncoder (chunk-encoder.ts), which makes no long task.
 */
export function encodeChunkNow(chunk: ReplayChunk, compress: boolean): EncodedChunk {
  const json = JSON.stringify(chunk);
  return compress ? { body: gzipNow(json), gzipped: true } : { body: json, gzipped: false };
}

/**
 * POSTs one encoded chunk with `headers` — the key in `X-API-Key`: the replay route authenticates before it reads
 * the body, so the key cannot travel in it as the track beacon's does — and `Content-Encoding: gzip` when it is.
 * A small body goes as a keepalive request, which outlives the page; the browser refuses one while other keepalive
 * requests hold 64 KiB in flight (a slow server, a few chunks at once), and then it goes again as an ordinary
 * request. Resolves true when the chunk is done with (stored, or refused for good: a 4xx other than 429), false
 * when it should be sent again.
 */
export async function postChunk(url: string, headers: Record<string, string>, chunk: EncodedChunk): Promise<boolean> {
  const size = typeof chunk.body === 'string' ? chunk.body.length * 3 : chunk.body.byteLength;
  const request = (keepalive: boolean) =>
    fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers, ...(chunk.gzipped ? { 'Content-Encoding': 'gzip' } : {}) },
      body: chunk.body as BodyInit,
      keepalive,
      credentials: 'omit',
    });
  try {
    const res = await request(size < KEEPALIVE_LIMIT).catch((error: unknown) => {
      if (size < KEEPALIVE_LIMIT) return request(false);
      throw error;
    });
    return res.status < 500 && res.status !== 429;
  } catch {
    return false;
  }
}
