import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChunkEncoder } from '../src/plugins/replay/chunk-encoder.js';
import type { EncodedChunk } from '../src/plugins/replay/send-chunk.js';
import { chunkOf } from './replay-fixtures.js';
import { VmWorker } from './vm-worker.js';

/** The JSON a body carries. */
const textOf = (encoded: EncodedChunk | undefined): string => (encoded?.gzipped ? gunzipSync(encoded.body).toString('utf8') : String(encoded?.body));

let logged: string[] = [];
/** An encoder from fresh modules (whether the page refused workers is module state), its worker answering within 50 ms. */
async function encoder(): Promise<ChunkEncoder> {
  vi.resetModules();
  const { startGzipWorker } = await import('../src/plugins/replay/gzip-worker.js');
  const { createChunkEncoder } = await import('../src/plugins/replay/chunk-encoder.js');
  return createChunkEncoder({ startWorker: () => startGzipWorker(50), log: (message) => void logged.push(message) });
}

beforeEach(() => {
  logged = [];
  vi.stubGlobal('Worker', VmWorker);
});
afterEach(() => {
  vi.unstubAllGlobals();
  VmWorker.fate = 'runs';
  VmWorker.created = [];
});

describe("the recorder's chunk encoder", () => {
  it('compresses in one worker for the page, started at the first chunk: the gzip of exactly JSON.stringify(chunk)', async () => {
    const chunks = [chunkOf(2000, 0), chunkOf(10, 1)];
    const e = await encoder();
    expect(VmWorker.created).toEqual([]);
    const encoded = await Promise.all(chunks.map((c) => e.encode(c, true)));
    expect(encoded.map(textOf)).toEqual(chunks.map((c) => JSON.stringify(c)));
    expect(encoded.every((c) => c?.gzipped)).toBe(true);
    expect(VmWorker.created).toHaveLength(1);
    expect(VmWorker.created[0]?.received).toBeGreaterThan(2);
  });

  it('sends plain JSON with compress false, and starts no worker', async () => {
    const chunk = chunkOf(100);
    const encoded = await (await encoder()).encode(chunk, false);
    expect(encoded).toEqual({ body: JSON.stringify(chunk), gzipped: false });
    expect(VmWorker.created).toEqual([]);
  });

  for (const fate of ['throws', 'refused', 'dies-mid-chunk', 'hangs'] as const) {
    it(`loses no chunk when the worker ${fate}: that chunk and the next are compressed on the main thread`, async () => {
      VmWorker.fate = fate;
      const chunks = [chunkOf(2000, 0), chunkOf(10, 1)];
      const e = await encoder();
      const encoded = [await e.encode(chunks[0]!, true), await e.encode(chunks[1]!, true)];
      expect(encoded.map(textOf)).toEqual(chunks.map((c) => JSON.stringify(c)));
      // At most the one worker that failed: the page does not try another.
      expect(VmWorker.created.length).toBeLessThanOrEqual(1);
      expect(VmWorker.created.every((w) => w.terminated)).toBe(true);
      if (fate !== 'throws') expect(logged).toEqual(['replay compression continues on the main thread']);
    });
  }

  it('compresses with fflate on the main thread where there is no CompressionStream (and so no worker)', async () => {
    vi.stubGlobal('CompressionStream', undefined);
    const chunk = chunkOf(500);
    expect(textOf(await (await encoder()).encode(chunk, true))).toBe(JSON.stringify(chunk));
    expect(VmWorker.created).toEqual([]);
  });

  it('encodes the chunks one after the other, in the order given', async () => {
    const e = await encoder();
    const done: number[] = [];
    await Promise.all([chunkOf(2000, 0), chunkOf(1, 1), chunkOf(500, 2)].map((c) => e.encode(c, true).then(() => done.push(c.seq))));
    expect(done).toEqual([0, 1, 2]);
  });

  it('hands over the chunks not encoded yet, for a page going away: their own encoding then gives nothing', async () => {
    const e = await encoder();
    const chunks = [chunkOf(2000, 0), chunkOf(10, 1)];
    const results = chunks.map((c) => e.encode(c, true));
    expect(e.takeUnfinished()).toEqual(chunks);
    expect(await Promise.all(results)).toEqual([undefined, undefined]);
    expect(e.takeUnfinished()).toEqual([]);
  });

  it('rejects a chunk JSON cannot represent (a cycle) without holding up the next', async () => {
    const e = await encoder();
    const cyclic = chunkOf(1, 0);
    cyclic.events.push(cyclic as never);
    const next = chunkOf(1, 1);
    const [first, second] = [e.encode(cyclic, true), e.encode(next, true)];
    await expect(first).rejects.toThrow(TypeError);
    expect(textOf(await second)).toBe(JSON.stringify(next));
    expect(e.takeUnfinished()).toEqual([]);
  });

  it('terminates the worker when closed, once the chunks given before are encoded; a later chunk is compressed on the main thread', async () => {
    const e = await encoder();
    const chunk = chunkOf(2000);
    const result = e.encode(chunk, true);
    e.close();
    expect(textOf(await result)).toBe(JSON.stringify(chunk));
    await vi.waitFor(() => expect(VmWorker.created[0]?.terminated).toBe(true));
    expect(textOf(await e.encode(chunkOf(1), true))).toBe(JSON.stringify(chunkOf(1)));
    expect(VmWorker.created).toHaveLength(1);
  });
});
