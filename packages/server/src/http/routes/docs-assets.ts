import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { RequestHandler } from 'express';
import { ServiceUnavailableError } from '../../errors/index.js';

/** A file served from memory, with its gzip form and ETags. */
export interface DocsAsset {
  body: Buffer;
  gzipped: Buffer;
  etag: string;
}

/** `swagger-ui-dist`'s folder, from its `absolutePath()` (its own module, not the index that loads the whole bundle). */
function swaggerUiFolder(): string {
  try {
    const absolutePath = createRequire(import.meta.url)('swagger-ui-dist/absolute-path.js') as () => string;
    return absolutePath();
  } catch {
    throw new ServiceUnavailableError('The API reference needs the swagger-ui-dist package');
  }
}

function asset(body: Buffer): DocsAsset {
  return { body, gzipped: gzipSync(body), etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

/** A file of swagger-ui-dist, located and read at the first request, then kept in memory. */
export function swaggerUiAsset(file: 'swagger-ui-bundle.js' | 'swagger-ui.css'): () => Promise<DocsAsset> {
  let cached: Promise<DocsAsset> | undefined;
  return () => {
    cached ??= (async () => asset(await readFile(join(swaggerUiFolder(), file))))().catch((error: unknown) => {
      cached = undefined;
      throw error instanceof ServiceUnavailableError ? error : new ServiceUnavailableError(`The API reference asset ${file} is not available`);
    });
    return cached;
  };
}

/** A file built from a string once. */
export function textAsset(text: string): () => Promise<DocsAsset> {
  const built = asset(Buffer.from(text, 'utf8'));
  return () => Promise.resolve(built);
}

/** Serves an asset: gzip when accepted, a strong ETag per encoding (304 when it matches), cached an hour. */
export function serveAsset(load: () => Promise<DocsAsset>, contentType: string): RequestHandler {
  return async (req, res) => {
    const file = await load();
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
