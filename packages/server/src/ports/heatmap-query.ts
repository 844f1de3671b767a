/**
 * The `heatmap` kind of `QueryEngine` query: a page's click, scroll and attention map, read from the
 * heatmap rollups the adapter keeps when it stores `$heatmap` events (docs/heatmaps.md).
 */

export interface HeatmapQuery {
  projectId: number;
  /**
   * A URL pattern over the pathname (`$pathname`): exact, `*` within one segment, `**` across segments
   * (core's `heatmapUrlMatcher`; the caller checked it with `heatmapUrlProblem`).
   */
  url: string;
  /** A width bucket lower bound (one of core's `HEATMAP_WIDTH_BUCKETS`). */
  width: number;
  /** Inclusive lower bound, epoch ms; the maps are kept per UTC day, so it is taken as its day. */
  from: number;
  /** Exclusive upper bound, epoch ms; a bound inside a day includes that whole day. */
  to: number;
  /** Click cells returned at most, clamped to 1–1000. @default 500 */
  limit?: number;
}

/** One click cell: the element's selector and the cell (0..`HEATMAP_CLICK_GRID` - 1) inside its box. */
export interface HeatmapClickCell {
  selector: string;
  x: number;
  y: number;
  count: number;
}

export interface HeatmapResult {
  /**
   * The `limit` cells with the most clicks: count descending, then selector (code-point order), x, y.
   */
  clicks: HeatmapClickCell[];
  /** Clicks of every matching cell, kept or not. */
  totalClicks: number;
  /**
   * Page views (events that carried a scroll reach) that reached at least each step: entry `i` for
   * a reach of `i / HEATMAP_SCROLL_STEPS`, `HEATMAP_SCROLL_STEPS + 1` entries; entry 0 is every page view.
   */
  scrollReached: number[];
  /** Milliseconds each band of the page was seen, `HEATMAP_ATTENTION_BANDS` entries. */
  attentionMs: number[];
}
