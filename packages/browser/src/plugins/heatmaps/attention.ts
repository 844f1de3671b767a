import { HEATMAP_ATTENTION_BANDS } from '@northstar/core';

/**
 * The bands of a document `height` px tall that are at least half inside the viewport [`top`, `top` +
 * `viewport`), as an inclusive range [first, last]; first > last when none is (an empty document, or
 * a viewport smaller than half a band that straddles two).
 */
export function visibleBands(top: number, viewport: number, height: number): [first: number, last: number] {
  let first = 0;
  let last = -1;
  if (height <= 0) return [first, last];
  const band = height / HEATMAP_ATTENTION_BANDS;
  for (let i = 0; i < HEATMAP_ATTENTION_BANDS; i++) {
    const overlap = Math.min(top + viewport, (i + 1) * band) - Math.max(top, i * band);
    if (overlap < band / 2) continue;
    if (last < first) first = i;
    last = i;
  }
  return [first, last];
}

export interface Attention {
  /**
   * Credits the time since the last call to the bands visible until now, then takes the bands
   * visible from now on (`[first, last]`) and whether the page is visible (time counts only then).
   */
  move(now: number, bands: [number, number], visible: boolean): void;
  /** Credits the time until `now`, then hands over the milliseconds per band (trailing zeros left off) and starts again from zero. */
  take(now: number): number[];
}

/** Time per band of the document, accumulated between changes (scroll, resize, visibility): no timer runs. */
export function createAttention(): Attention {
  let ms: number[] = [];
  let bands: [number, number] = [0, -1];
  /** When the current bands became visible; undefined while the page is hidden. */
  let since: number | undefined;
  const credit = (now: number): void => {
    if (since === undefined) return;
    const elapsed = Math.max(0, now - since);
    for (let i = bands[0]; i <= bands[1]; i++) ms[i] = (ms[i] ?? 0) + elapsed;
    since = now;
  };
  return {
    move(now, visibleBands, visible) {
      credit(now);
      bands = visibleBands;
      since = visible ? (since ?? now) : undefined;
    },
    take(now) {
      credit(now);
      const out = Array.from(ms, (value) => Math.round(value ?? 0));
      ms = [];
      while (out.length && !out[out.length - 1]) out.pop();
      return out;
    },
  };
}
