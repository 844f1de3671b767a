import { HEATMAP_ATTENTION_BANDS, HEATMAP_PAYLOAD_PROPERTY, HEATMAP_WIDTH_PROPERTY, heatmapWidthBucket, parseHeatmapPayload } from './heatmap.js';
import type { HeatmapWidthBucket } from './heatmap.js';

/**
 * How the server keeps heatmaps: exact counts of quantised values, per (project, UTC day, pathname,
 * width bucket). The storage adapters share these functions, so every one of them stores the same
 * cells for the same events (see docs/heatmaps.md).
 */

/** Click cells per axis of an element's box: a click's fractions are kept as one of 50 × 50 cells. */
export const HEATMAP_CLICK_GRID = 50;
/** Scroll reach is kept in steps of 1 / 20 (5 %) of the document's height: steps 0..20. */
export const HEATMAP_SCROLL_STEPS = 20;
/** Attention milliseconds one event may add to one band at most (a day): a hostile payload cannot swamp a map. */
export const HEATMAP_MAX_BAND_MS = 86_400_000;
/** The str property that names the page of an event (the SDK's page context). */
export const HEATMAP_PATH_PROPERTY = '$pathname';

/** What one stored `$heatmap` event adds to its page's map. */
export interface HeatmapContribution {
  path: string;
  width: HeatmapWidthBucket;
  /** One entry per click: the selector and its cell (0..GRID-1 each way). */
  clicks: [selector: string, x: number, y: number][];
  /** The page view's reach step (0..SCROLL_STEPS), when the event carries it. */
  scrollStep?: number;
  /** Whole milliseconds per band (`HEATMAP_ATTENTION_BANDS` entries), when the event carries attention. */
  attention?: number[];
}

/**
 * A fraction 0–1 (3 decimals on the wire) as a step of `1 / steps`: the floor of its thousandths,
 * in integers, so 0.58 is step 29 of 50 (`0.58 * 50` is 28.999… in floating point).
 */
function stepOf(fraction: number, steps: number): number {
  return Math.floor((Math.round(fraction * 1000) * steps) / 1000);
}

/** The cell (0..GRID-1) of a click fraction: 1.0 falls in the last cell. */
export function heatmapCell(fraction: number): number {
  return Math.min(HEATMAP_CLICK_GRID - 1, stepOf(fraction, HEATMAP_CLICK_GRID));
}

/** The reach step (0..SCROLL_STEPS) of a scroll reach: 1.0 is step 20 (the whole page). */
export function heatmapScrollStep(reach: number): number {
  return stepOf(reach, HEATMAP_SCROLL_STEPS);
}

/**
 * What a `$heatmap` event adds to the maps, from its properties: null when it names no page
 * (`$pathname`), no width (`$heatmap_width`, a viewport width or bucket, mapped to its bucket) or
 * carries a malformed payload — such an event is stored as an event and adds nothing.
 */
export function heatmapContribution(str: Readonly<Record<string, string>>, num: Readonly<Record<string, number>>): HeatmapContribution | null {
  const path = str[HEATMAP_PATH_PROPERTY];
  const width = num[HEATMAP_WIDTH_PROPERTY];
  const text = str[HEATMAP_PAYLOAD_PROPERTY];
  if (path === undefined || path === '' || width === undefined || !Number.isFinite(width) || width < 0 || text === undefined) return null;
  const payload = parseHeatmapPayload(text);
  if (payload === null) return null;
  const contribution: HeatmapContribution = {
    path,
    width: heatmapWidthBucket(width),
    clicks: (payload.c ?? []).map(([selector, x, y]) => [selector, heatmapCell(x), heatmapCell(y)]),
  };
  if (payload.s !== undefined) contribution.scrollStep = heatmapScrollStep(payload.s);
  if (payload.a !== undefined && payload.a.some((ms) => ms > 0)) {
    contribution.attention = Array.from({ length: HEATMAP_ATTENTION_BANDS }, (_, band) => Math.min(HEATMAP_MAX_BAND_MS, Math.round(payload.a?.[band] ?? 0)));
  }
  return contribution;
}
