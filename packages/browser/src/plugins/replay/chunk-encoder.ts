import { encodeJson } from './encode-json.js';
import { gzipParts } from './gzip.js';
import { startGzipWorker } from './gzip-worker.js';
import type { GzipWorker } from './gzip-worker.js';
import type { EncodedChunk, ReplayChunk } from './send-chunk.js';
import { timeSlice } from './time-slice.js';
import type { TimeSlice } from './time-slice.js';

/** Encodes the recorder's chunks one after the other, in the order given, without long tasks. */
export interface ChunkEncoder {
  /**
   * The chunk's body: its JSON written in time slices, then gzip-compressed when `compress` — in the page's
   * compression worker where the browser allows one, else on the main thread in slices. Resolves undefined when
   * the chunk was taken by `takeUnfinished` meanwhile. Never loses a chunk to the worker: one it fails is
   * compressed again on the main thread.
   */
  encode(chunk: ReplayChunk, compress: boolean): Promise<EncodedChunk | undefined>;
  /** The chunks whose body is not ready yet, oldest first; their `encode` will resolve undefined (the page is going away and encodes them now). */
  takeUnfinished(): ReplayChunk[];
  /** Ends the worker once the chunks given so far are encoded; later chunks are compressed on the main thread. */
  close(): void;
}

/** What the encoder runs on: the page's own by default; tests pass their own. */
export interface ChunkEncoderOptions {
  /** The clock of one chunk's work. */
  slice?: () => TimeSlice;
  /** The compression worker, started at the first compressed chunk; undefined where the page allows none. */
  startWorker?: () => GzipWorker | undefined;
  /** Debug output. */
  log?: (message: string, detail?: unknown) => void;
}

export function createChunkEncoder(options: ChunkEncoderOptions = {}): ChunkEncoder {
  const { slice = () => timeSlice(), startWorker = () => startGzipWorker(), log } = options;
  let unfinished: ReplayChunk[] = [];
  /** The chunk being encoded waits for the one before it: the worker and the network see them in order. */
  let queue: Promise<unknown> = Promise.resolve();
  /** Undefined until the first compressed chunk, then the worker, or null where there is none. */
  let worker: GzipWorker | null | undefined;

  const gzip = async (parts: string[], clock: TimeSlice): Promise<Uint8Array> => {
    if (worker === undefined) worker = startWorker() ?? null;
    if (worker) {
      try {
        return await worker.gzip(parts, clock);
      } catch (error) {
        worker = null;
        log?.('replay compression continues on the main thread', error);
      }
    }
    return gzipParts(parts, clock);
  };
  /** Takes `chunk` out of the unfinished ones; false when `takeUnfinished` took it first. */
  const settle = (chunk: ReplayChunk): boolean => {
    const waiting = unfinished.includes(chunk);
    unfinished = unfinished.filter((c) => c !== chunk);
    return waiting;
  };
  const run = async (chunk: ReplayChunk, compress: boolean): Promise<EncodedChunk | undefined> => {
    if (!unfinished.includes(chunk)) return undefined;
    try {
      const clock = slice();
      const parts = await encodeJson(chunk, clock);
      const encoded = compress ? { body: await gzip(parts, clock), gzipped: true } : { body: parts.join(''), gzipped: false };
      return settle(chunk) ? encoded : undefined;
    } catch (error) {
      settle(chunk);
      throw error;
    }
  };

  return {
    encode(chunk, compress) {
      unfinished.push(chunk);
      const encoded = queue.then(() => run(chunk, compress));
      queue = encoded.catch(() => undefined);
      return encoded;
    },
    takeUnfinished: () => unfinished.splice(0),
    close() {
      void queue.then(() => {
        worker?.terminate();
        worker = null;
      });
    },
  };
}
