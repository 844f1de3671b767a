import { Gzip, gzipSync, strToU8 } from 'fflate';
import type { TimeSlice } from './time-slice.js';

/**
 * Gzip of the JSON text `parts` on this thread, fed one part at a time and yielding to the page whenever `slice`'s
 * budget is spent, so that a large chunk makes no long task: by `CompressionStream('gzip')` where the browser has
 * it (Chromium 80+, Firefox 113+, Safari 16.4+), else by fflate's streaming Gzip.
 */
export function gzipParts(parts: string[], slice: TimeSlice): Promise<Uint8Array> {
  return typeof CompressionStream === 'function' ? nativeGzip(parts, slice) : fflateGzip(parts, slice);
}

async function nativeGzip(parts: string[], slice: TimeSlice): Promise<Uint8Array> {
  const stream = new CompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>;
  const writer = stream.writable.getWriter();
  const result = new Response(stream.readable).arrayBuffer();
  // A failed write fails `result` too; it is awaited below, or not at all when a write throws first.
  result.catch(() => undefined);
  const encoder = new TextEncoder();
  for (const part of parts) {
    if (slice.over()) await slice.next();
    // The deflate of a part runs in the write, in this task: awaiting it keeps the slice's clock honest.
    await writer.write(encoder.encode(part));
  }
  await writer.close();
  return new Uint8Array(await result);
}

/** Bytes fflate compresses in one call: 64 KiB calls take 5-20 ms each in V8, 32 KiB ones under 4 ms (measured in Node 20). */
const FFLATE_PIECE = 32_768;

async function fflateGzip(parts: string[], slice: TimeSlice): Promise<Uint8Array> {
  const out: Uint8Array[] = [];
  const gzip = new Gzip((data) => void out.push(data));
  const encoder = new TextEncoder();
  for (const part of parts) {
    const bytes = encoder.encode(part);
    for (let at = 0; at < bytes.length; at += FFLATE_PIECE) {
      if (slice.over()) await slice.next();
      gzip.push(bytes.subarray(at, at + FFLATE_PIECE));
    }
  }
  gzip.push(new Uint8Array(0), true);
  const body = new Uint8Array(out.reduce((size, data) => size + data.length, 0));
  let offset = 0;
  for (const data of out) {
    body.set(data, offset);
    offset += data.length;
  }
  return body;
}

/** Gzip of `text` now, for a page that is going away (a promise would not be resumed): fflate. */
export const gzipNow = (text: string): Uint8Array => gzipSync(strToU8(text));
