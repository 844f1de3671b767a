import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * How replay chunks are kept at rest: `ReplayChunk.data` holds the gzip of the JSON array of the chunk's
 * rrweb events (bytes). rrweb JSON shrinks about tenfold, and a player can inflate chunks one by one.
 */
export async function encodeReplayEvents(events: readonly unknown[]): Promise<Uint8Array> {
  return new Uint8Array(await gzipAsync(JSON.stringify(events)));
}

/** The JSON text of a stored chunk: gzip bytes as written by `encodeReplayEvents`, or text. */
export async function decodeReplayText(data: Uint8Array | string): Promise<string> {
  return typeof data === 'string' ? data : (await gunzipAsync(data)).toString('utf8');
}

/** The rrweb events of a stored chunk: gzip bytes as written by `encodeReplayEvents`, or JSON text. */
export async function decodeReplayEvents(data: Uint8Array | string): Promise<unknown[]> {
  const events: unknown = JSON.parse(await decodeReplayText(data));
  return Array.isArray(events) ? (events as unknown[]) : [];
}
