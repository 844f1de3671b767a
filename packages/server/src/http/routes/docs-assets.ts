import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { RequestHandler } from 'express';

/** A file served from memory, with its gzip form and ETags. */
export interface DocsAsset {
  body: Buffer;
  gzipped: Buffer;
  etag: string;
}

/** An asset of these bytes, with its gzip form and ETag. */
export function assetFromBytes(body: Buffer): DocsAsset {
  return { body, gzipped: gzipSync(body), etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

/** A file built from a string at the first request, then kept in memory. */
export function textAsset(text: string): () => DocsAsset {
  let built: DocsAsset | undefined;
  return () => (built ??= assetFromBytes(Buffer.from(text, 'utf8')));
}

/** Serves an asset: gzip when accepted, a strong ETag per encoding (304 when it matches), cached an hour. */
export function serveAsset(load: () => DocsAsset, contentType: string): RequestHandler {
  return (req, res) => {
    const file = load();
    const gzip = req.acceptsEncodings('gzip', 'identity') === 'gzip';
    res.set({
      'Content-Type': contentType,
      'Cache-Control': 'public, max-age=3600',
      'X-Content-Type-Options': 'nosniff',
      Vary: 'Accept-Encoding',
      ETag: gzip ? `${file.etag.slice(0, -1)}-gz"` : file.etag,
    });
    if (gzip) res.set('Content-Encoding', 'gzip');
    // res.send answers 304 itself when If-None-Match matches the ETag set above.
    res.send(gzip ? file.gzipped : file.body);
  };
}
