import { gzipSync, strToU8 } from 'fflate';

/** True where the browser compresses natively (Chromium 80+, Firefox 113+, Safari 16.4+). */
const native = (): boolean => typeof CompressionStream === 'function';

/**
 * Gzip of `text`: by `CompressionStream('gzip')` where the browser has it (native code, fed as a stream, so
 * no long task even for a large chunk), by fflate otherwise.
 */
export async function gzip(text: string): Promise<Uint8Array> {
  if (!native()) return gzipSync(strToU8(text));
  const source = new Response(text).body as ReadableStream<Uint8Array>;
  const stream = source.pipeThrough(new CompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>);
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Gzip of `text` now, for a page that is going away (a promise would not be resumed): fflate. */
export const gzipNow = (text: string): Uint8Array => gzipSync(strToU8(text));
