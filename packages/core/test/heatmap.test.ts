import { describe, expect, it } from 'vitest';
import { heatmapWidthBucket, parseHeatmapPayload } from '../src/heatmap.js';

describe('heatmap width buckets', () => {
  it('puts a width in the bucket of the largest breakpoint at or below it', () => {
    expect([0, 375, 575, 576, 767, 768, 1024, 1199, 1200, 1399, 1400, 2560].map(heatmapWidthBucket)).toEqual([
      0, 0, 0, 576, 576, 768, 992, 992, 1200, 1200, 1400, 1400,
    ]);
  });
});

describe('parseHeatmapPayload', () => {
  it('reads clicks, scroll reach and attention', () => {
    expect(parseHeatmapPayload('{"v":1,"c":[["#buy",0.5,0.25]],"s":0.8,"a":[100,0,20]}')).toEqual({
      v: 1,
      c: [['#buy', 0.5, 0.25]],
      s: 0.8,
      a: [100, 0, 20],
    });
  });

  it('refuses text that is not a version-1 payload', () => {
    for (const text of ['', 'null', '[]', '{"v":2}', '{', '"x"']) expect(parseHeatmapPayload(text)).toBeNull();
  });

  it('leaves out clicks and fields that do not hold the contract', () => {
    const text = JSON.stringify({
      v: 1,
      c: [
        ['', 0, 0],
        ['a', 2, 0],
        ['a', 0],
        ['b', 0, 1],
      ],
      s: 1.5,
      a: [1, -1],
    });
    expect(parseHeatmapPayload(text)).toEqual({ v: 1, c: [['b', 0, 1]] });
  });

  it('reads at most 500 clicks of one event', () => {
    const c = Array.from({ length: 600 }, () => ['a', 0, 0]);
    expect(parseHeatmapPayload(JSON.stringify({ v: 1, c }))?.c).toHaveLength(500);
  });
});
