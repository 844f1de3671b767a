import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Request, Response } from 'express';

const gzipAsync = promisify(gzip);

/** Bodies smaller than this go as they are: gzip would save little. */
const MIN_COMPRESSED_BYTES = 1_024;

/**
 * Sends `value` as JSON, gzip-compressed when the client accepts it (rrweb JSON shrinks about tenfold,
 * and a session's events run to megabytes). `Vary: Accept-Encoding` keeps caches apart.
 */
export async function sendJsonCompressed(req: Request, res: Response, value: unknown): Promise<void> {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  res.set({ 'Content-Type': 'application/json; charset=utf-8', Vary: 'Accept-Encoding' });
  if (body.byteLength < MIN_COMPRESSED_BYTES || req.acceptsEncodings('gzip', 'identity') !== 'gzip') {
    res.send(body);
    return;
  }
  res.set('Content-Encoding', 'gzip');
  res.send(await gzipAsync(body));
}
