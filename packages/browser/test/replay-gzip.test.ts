import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeJson } from '../src/plugins/replay/encode-json.js';
import { gzipNow, gzipParts } from '../src/plugins/replay/gzip.js';
import { GZIP_WORKER_NAME } from '../src/plugins/replay/gzip-worker.js';
import type { GzipWorker } from '../src/plugins/replay/gzip-worker.js';
import { timeSlice } from '../src/plugins/replay/time-slice.js';
import { chunkOf } from './replay-fixtures.js';
import { VmWorker } from './vm-worker.js';

const gunzip = (body: Uint8Array): string => gunzipSync(body).toString('utf8');
/** A clock that is always out of time, counting how often the work yielded. */
function counted(): { slice: ReturnType<typeof timeSlice>; yields: () => number } {
  let yields = 0;
  return {
    slice: timeSlice(
      () => 0,
      () => (yields++, Promise.resolve()),
    ),
    yields: () => yields,
  };
}

const chunk = chunkOf(3000);
const json = JSON.stringify(chunk);
let parts: string[] = [];
beforeEach(async () => {
  parts = await encodeJson(chunk, timeSlice());
});
afterEach(() => {
  vi.unstubAllGlobals();
  VmWorker.fate = 'runs';
  VmWorker.created = [];
});

describe('gzip of a chunk on the main thread', () => {
  it('by CompressionStream where the runtime has it, one part after the other, yielding between parts', async () => {
    const { slice, yields } = counted();
    expect(gunzip(await gzipParts(parts, slice))).toBe(json);
    expect(yields()).toBe(parts.length);
  });

  it("by fflate's streaming Gzip where CompressionStream is missing, yielding between pieces of 32 KiB", async () => {
    vi.stubGlobal('CompressionStream', undefined);
    const { slice, yields } = counted();
    expect(gunzip(await gzipParts(parts, slice))).toBe(json);
    const bytes = parts.map((part) => Buffer.byteLength(part));
    expect(yields()).toBe(bytes.reduce((sum, n) => sum + Math.ceil(n / 32_768), 0));
  });

  it('of no parts at all, is the gzip of the empty text on both routes', async () => {
    expect(gunzip(await gzipParts([], timeSlice()))).toBe('');
    vi.stubGlobal('CompressionStream', undefined);
    expect(gunzip(await gzipParts([], timeSlice()))).toBe('');
  });

  it('now, in one synchronous call, for a page going away', () => {
    expect(gunzip(gzipNow(json))).toBe(json);
  });
});

describe('gzip of a chunk in the compression worker', () => {
  /** `startGzipWorker` of a fresh copy of its module: whether the page refused workers is the module's state. */
  async function freshStart(): Promise<(timeoutMs?: number) => GzipWorker | undefined> {
    vi.resetModules();
    return (await import('../src/plugins/replay/gzip-worker.js')).startGzipWorker;
  }

  it('runs the worker code from a Blob URL: the parts go in transferred, the gzip of their text comes back', async () => {
    vi.stubGlobal('Worker', VmWorker);
    const worker = (await freshStart())();
    expect(worker).toBeDefined();
    expect(gunzip((await worker?.gzip(parts, timeSlice())) ?? new Uint8Array())).toBe(json);
    // Two chunks in a row through the same worker, each its own stream.
    expect(gunzip((await worker?.gzip(['[1,', '2]'], timeSlice())) ?? new Uint8Array())).toBe('[1,2]');
    expect(VmWorker.created).toHaveLength(1);
    expect(VmWorker.created[0]?.url).toMatch(/^blob:/);
    expect(VmWorker.created[0]?.options?.name).toBe(GZIP_WORKER_NAME);
    expect(VmWorker.created[0]?.received).toBe(parts.length + 1 + 3);
    worker?.terminate();
    expect(VmWorker.created[0]?.terminated).toBe(true);
  });

  it('is not started where the runtime has no Worker or no CompressionStream', async () => {
    vi.stubGlobal('Worker', undefined);
    expect((await freshStart())()).toBeUndefined();
    vi.stubGlobal('Worker', VmWorker);
    vi.stubGlobal('CompressionStream', undefined);
    expect((await freshStart())()).toBeUndefined();
    expect(VmWorker.created).toEqual([]);
  });

  it('is not started again on a page that refused one by a throw (CSP, Trusted Types)', async () => {
    vi.stubGlobal('Worker', VmWorker);
    VmWorker.fate = 'throws';
    const start = await freshStart();
    expect(start()).toBeUndefined();
    VmWorker.fate = 'runs';
    expect(start()).toBeUndefined();
    expect(VmWorker.created).toEqual([]);
  });

  for (const [fate, what] of [
    ['refused', 'is refused by an error event (Chromium under a CSP without blob:)'],
    ['dies-mid-chunk', 'dies in the middle of a chunk'],
    ['hangs', 'does not answer in time'],
  ] as const) {
    it(`rejects the chunk, ends the worker and starts no other on the page when the worker ${what}`, async () => {
      vi.stubGlobal('Worker', VmWorker);
      VmWorker.fate = fate;
      const start = await freshStart();
      const worker = start(50);
      await expect(worker?.gzip(parts, timeSlice())).rejects.toThrow(/replay compression worker/);
      expect(VmWorker.created[0]?.terminated).toBe(true);
      VmWorker.fate = 'runs';
      expect(start()).toBeUndefined();
    });
  }
});
