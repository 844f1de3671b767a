/**
 * The wire contract of heatmaps, shared by the browser plugin that records them and the server that
 * stores and queries them. A page's heatmap data travels as ordinary `$heatmap` events through the
 * SDK's queue: the event's page context says which page (`$pathname`), `$heatmap_width` (a number
 * property) says which viewport width bucket, and `$heatmap` (a string property) holds the JSON text
 * of a `HeatmapPayload`.
 */

/** The event that carries heatmap data. */
export const HEATMAP_EVENT = '$heatmap';
/** The string property that holds the JSON text of a `HeatmapPayload`. */
export const HEATMAP_PAYLOAD_PROPERTY = '$heatmap';
/** The number property that holds the viewport width bucket (one of `HEATMAP_WIDTH_BUCKETS`). */
export const HEATMAP_WIDTH_PROPERTY = '$heatmap_width';

/**
 * Lower bounds of the viewport width buckets, CSS px (the common responsive breakpoints: below 576 is
 * a phone, 576 a large phone, 768 a tablet, 992 a laptop, 1200 a desktop, 1400 a wide screen). A click
 * map is kept per bucket: a layout changes at breakpoints, not between them.
 */
export const HEATMAP_WIDTH_BUCKETS = [0, 576, 768, 992, 1200, 1400] as const;
export type HeatmapWidthBucket = (typeof HEATMAP_WIDTH_BUCKETS)[number];

/** Attention is measured per band of the document's height: band i covers [i / BANDS, (i + 1) / BANDS). */
export const HEATMAP_ATTENTION_BANDS = 20;

/**
 * One click: the clicked element's stable selector (the one `$click` carries) and where inside the
 * element's box the click landed, as fractions of its width and height (0 left/top, 1 right/bottom),
 * rounded to 3 decimals.
 */
export type HeatmapClick = [selector: string, x: number, y: number];

/**
 * What one `$heatmap` event carries. A page view sends one or more of them (the SDK sends what it
 * gathered when the queue is sent and when the page view ends): `c` and `a` are what was gathered
 * since the previous one, `s` comes once, with the page view's last.
 */
export interface HeatmapPayload {
  v: 1;
  /** Clicks since the previous `$heatmap` of this page view. */
  c?: HeatmapClick[];
  /**
   * Scroll reach of the whole page view, sent once when it ends: the furthest fraction of the
   * document's height that was inside the viewport (its bottom edge / the document's height), 0–1.
   */
  s?: number;
  /**
   * Attention since the previous `$heatmap`: milliseconds each band of the document's height was at
   * least half inside the visible viewport while the page was visible; `HEATMAP_ATTENTION_BANDS`
   * entries (trailing zeros may be left off).
   */
  a?: number[];
}

/** The bucket of a viewport width: the largest lower bound at or below it. */
export function heatmapWidthBucket(width: number): HeatmapWidthBucket {
  let bucket: HeatmapWidthBucket = 0;
  for (const bound of HEATMAP_WIDTH_BUCKETS) if (width >= bound) bucket = bound;
  return bucket;
}

const MAX_CLICKS = 500;
const MAX_SELECTOR = 1000;

const isFraction = (value: unknown): value is number => typeof value === 'number' && value >= 0 && value <= 1;

/**
 * Reads the JSON text of a payload; anything malformed yields null (the event is still stored as an
 * event, it adds nothing to the map). At most 500 clicks are read from one event.
 */
export function parseHeatmapPayload(text: string): HeatmapPayload | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (!raw || typeof raw !== 'object' || (raw as { v?: unknown }).v !== 1) return null;
  const { c, s, a } = raw as { c?: unknown; s?: unknown; a?: unknown };
  const payload: HeatmapPayload = { v: 1 };
  if (Array.isArray(c)) {
    payload.c = c
      .filter(
        (click): click is HeatmapClick =>
          Array.isArray(click) &&
          click.length === 3 &&
          typeof click[0] === 'string' &&
          click[0].length > 0 &&
          click[0].length <= MAX_SELECTOR &&
          isFraction(click[1]) &&
          isFraction(click[2]),
      )
      .slice(0, MAX_CLICKS);
  }
  if (isFraction(s)) payload.s = s;
  if (Array.isArray(a) && a.length <= HEATMAP_ATTENTION_BANDS && a.every((ms) => typeof ms === 'number' && Number.isFinite(ms) && ms >= 0)) {
    payload.a = a as number[];
  }
  return payload;
}
