import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate } from 'node:zlib';
import { BadRequestError, PayloadTooLargeError } from '../errors/index.js';

/** A `Content-Encoding` the server reads. */
export type ContentEncoding = 'identity' | 'gzip' | 'deflate' | 'br';

const DECODERS = {
  gzip: promisify(gunzip),
  deflate: promisify(inflate),
  br: promisify(brotliDecompress),
} as const;

/** The answers of a body that decodes past its cap (413) or not at all (400). */
export interface DecodingMessages {
  tooLarge: string;
  /** @default 'Request body could not be read (corrupt or truncated encoding)' */
  corrupt?: string;
}

/**
 * The decoded bytes of a body: zlib stops as soon as the output passes `maxBytes` (413), so a bomb
 * costs at most that much memory; corrupt or cut input is 400.
 */
export async function decodeContent(bytes: Buffer, encoding: ContentEncoding, maxBytes: number, messages: DecodingMessages): Promise<Buffer> {
  if (encoding === 'identity') return bytes;
  try {
    return await DECODERS[encoding](bytes, { maxOutputLength: maxBytes });
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') throw new PayloadTooLargeError(messages.tooLarge);
    throw new BadRequestError(messages.corrupt ?? 'Request body could not be read (corrupt or truncated encoding)');
  }
}
