import { HEATMAP_ATTENTION_BANDS, HEATMAP_CLICK_GRID, HEATMAP_SCROLL_STEPS, heatmapWidthBucket, parseUtcDate } from '@northstar/core';
import type { QueryEngine } from '../ports/index.js';
import type { HeatmapQueryBody, HeatmapResponse } from '../schemas/heatmap-query.js';
import { DEFAULT_HEATMAP_LIMIT } from '../schemas/heatmap-query.js';

const DAY_MS = 86_400_000;

const shareOf = (part: number, total: number): number => (total > 0 ? part / total : 0);
/** The centre of a cell as a fraction: (2 cell + 1) / (2 GRID), e.g. 0.51 for cell 25 of 50. */
const cellCentre = (cell: number): number => (2 * cell + 1) / (2 * HEATMAP_CLICK_GRID);

/**
 * Runs a validated heatmap query for a caller already authorized (query scope) on its `project_id`:
 * the width mapped to its bucket, the days to [start, end + 1 day) in epoch ms, the engine's cells,
 * reach and bands turned into fractions and shares.
 */
export async function runHeatmapQuery(engine: QueryEngine, body: HeatmapQueryBody): Promise<HeatmapResponse> {
  const width = heatmapWidthBucket(body.width);
  const { start, end } = body.date_range;
  const result = await engine.run({
    kind: 'heatmap',
    projectId: body.project_id,
    url: body.url,
    width,
    from: parseUtcDate(start) ?? 0,
    to: (parseUtcDate(end) ?? 0) + DAY_MS,
    limit: body.limit ?? DEFAULT_HEATMAP_LIMIT,
  });
  const pageViews = result.scrollReached[0] ?? 0;
  const totalMs = result.attentionMs.reduce((sum, ms) => sum + ms, 0);
  return {
    url: body.url,
    width,
    date_range: { start, end },
    clicks: {
      grid: HEATMAP_CLICK_GRID,
      total: result.totalClicks,
      cells: result.clicks.map(({ selector, x, y, count }) => ({ selector, x: cellCentre(x), y: cellCentre(y), count })),
    },
    scroll: {
      page_views: pageViews,
      reach: result.scrollReached.map((views, step) => ({ depth: step / HEATMAP_SCROLL_STEPS, page_views: views, share: shareOf(views, pageViews) })),
    },
    attention: {
      total_ms: totalMs,
      bands: result.attentionMs.map((ms, band) => ({
        band,
        start: band / HEATMAP_ATTENTION_BANDS,
        end: (band + 1) / HEATMAP_ATTENTION_BANDS,
        ms,
        share: shareOf(ms, totalMs),
      })),
    },
  };
}

/** Heatmaps of pages, read from the rollups the query engine's adapter keeps. */
export interface HeatmapService {
  query(body: HeatmapQueryBody): Promise<HeatmapResponse>;
}

export function heatmapService(engine: QueryEngine): HeatmapService {
  return { query: (body) => runHeatmapQuery(engine, body) };
}
