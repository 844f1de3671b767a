import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate } from 'node:zlib';
import { BadRequestError, PayloadTooLargeError } from '../errors/index.js';

/** A `Content-Encoding` the JSON routes read. */
export type ContentEncoding = 'identity' | 'gzip' | 'deflate' | 'br';

const DECODERS = {
  gzip: promisify(gunzip),
  deflate: promisify(inflate),
  br: promisify(brotliDecompress),
} as const;

/**
 * The decoded bytes of a body: zlib stops as soon as the output passes `maxBytes` (413 with
 * `tooLargeMessage`), so a bomb costs at most that much memory; corrupt or cut input is 400.
 */
export async function decodeContent(bytes: Buffer, encoding: ContentEncoding, maxBytes: number, tooLargeMessage: string): Promise<Buffer> {
  if (encoding === 'identity') return bytes;
  try {
    return await DECODERS[encoding](bytes, { maxOutputLength: maxBytes });
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') throw new PayloadTooLargeError(tooLargeMessage);
    throw new BadRequestError('Request body could not be read (corrupt or truncated encoding)');
  }
}
