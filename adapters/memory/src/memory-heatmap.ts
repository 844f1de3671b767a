import {
  BadRequestError,
  compareCodePoints,
  HEATMAP_ATTENTION_BANDS,
  HEATMAP_EVENT,
  HEATMAP_MAX_PAGES,
  HEATMAP_SCROLL_STEPS,
  heatmapContribution,
  heatmapUrlMatcher,
  tooManyHeatmapPages,
} from '@northstar/core';
import type { HeatmapClickCell, HeatmapQuery, HeatmapResult, StoredEvent } from '@northstar/server';

const DAY_MS = 86_400_000;
const DEFAULT_LIMIT = 500;
const MAX_LIMIT = 1000;

/** One page's map of one UTC day and width bucket: what the SQL adapter keeps in its heatmap tables. */
interface PageMap {
  path: string;
  width: number;
  day: number;
  /** Page views per reach step (0..SCROLL_STEPS). */
  scroll: number[];
  /** Milliseconds per band. */
  attention: number[];
  /** Clicks per `selector \0 x \0 y`. */
  clicks: Map<string, HeatmapClickCell>;
}

/** Heatmap rollups: exact counts per (project, day, path, width), fed with the events an event log really stored. */
export interface HeatmapRollup {
  /** Adds the `$heatmap` events among `stored` (events stored by this call only: never a duplicate). */
  add(stored: Iterable<StoredEvent>): void;
  deleteProject(projectId: number): void;
  clear(): void;
  query(query: HeatmapQuery): HeatmapResult;
}

/** Clamps a requested number of cells to 1–1000 (default 500). */
function heatmapLimit(limit: number | undefined): number {
  return limit === undefined ? DEFAULT_LIMIT : Math.max(1, Math.min(MAX_LIMIT, Math.floor(limit)));
}

/** The first and last-exclusive UTC day numbers of `[from, to)`: whole days, a partial day included. */
function heatmapDays(query: Pick<HeatmapQuery, 'from' | 'to'>): [from: number, to: number] {
  return [Math.floor(query.from / DAY_MS), Math.ceil(query.to / DAY_MS)];
}

/** Cells by count descending, then selector (code points), x, y; the first `limit`. */
function topCells(cells: Iterable<HeatmapClickCell>, limit: number): HeatmapClickCell[] {
  return [...cells].sort((a, b) => b.count - a.count || compareCodePoints(a.selector, b.selector) || a.x - b.x || a.y - b.y).slice(0, limit);
}

/** Page views that reached at least each step, from page views per step. */
function reachedAtLeast(perStep: readonly number[]): number[] {
  const reached = new Array<number>(HEATMAP_SCROLL_STEPS + 1).fill(0);
  let running = 0;
  for (let step = HEATMAP_SCROLL_STEPS; step >= 0; step--) {
    running += perStep[step] ?? 0;
    reached[step] = running;
  }
  return reached;
}

/** The reference rollup, kept in memory beside the events (one per memory adapter, or per two-port test adapter). */
export function createHeatmapRollup(): HeatmapRollup {
  const projects = new Map<number, Map<string, PageMap>>();

  function pageOf(projectId: number, path: string, width: number, day: number): PageMap {
    let pages = projects.get(projectId);
    if (!pages) {
      pages = new Map();
      projects.set(projectId, pages);
    }
    const key = `${width}\u0000${day}\u0000${path}`;
    let page = pages.get(key);
    if (!page) {
      page = {
        path,
        width,
        day,
        scroll: new Array<number>(HEATMAP_SCROLL_STEPS + 1).fill(0),
        attention: new Array<number>(HEATMAP_ATTENTION_BANDS).fill(0),
        clicks: new Map(),
      };
      pages.set(key, page);
    }
    return page;
  }

  return {
    add(stored) {
      for (const event of stored) {
        if (event.event_name !== HEATMAP_EVENT) continue;
        const contribution = heatmapContribution(event.str_properties, event.num_properties);
        if (contribution === null) continue;
        const page = pageOf(event.project_id, contribution.path, contribution.width, Math.floor(event.timestamp / DAY_MS));
        for (const [selector, x, y] of contribution.clicks) {
          const key = `${selector}\u0000${x}\u0000${y}`;
          const cell = page.clicks.get(key);
          if (cell) cell.count += 1;
          else page.clicks.set(key, { selector, x, y, count: 1 });
        }
        if (contribution.scrollStep !== undefined) page.scroll[contribution.scrollStep]! += 1;
        contribution.attention?.forEach((ms, band) => {
          page.attention[band]! += ms;
        });
      }
    },

    deleteProject(projectId) {
      projects.delete(projectId);
    },

    clear() {
      projects.clear();
    },

    query(query) {
      const matches = heatmapUrlMatcher(query.url);
      const [fromDay, toDay] = heatmapDays(query);
      const cells = new Map<string, HeatmapClickCell>();
      const perStep = new Array<number>(HEATMAP_SCROLL_STEPS + 1).fill(0);
      const attentionMs = new Array<number>(HEATMAP_ATTENTION_BANDS).fill(0);
      let totalClicks = 0;
      const pages = [...(projects.get(query.projectId)?.values() ?? [])].filter(
        (page) => page.width === query.width && page.day >= fromDay && page.day < toDay && matches(page.path),
      );
      const paths = new Set(pages.map((page) => page.path)).size;
      if (paths > HEATMAP_MAX_PAGES) throw new BadRequestError(tooManyHeatmapPages(paths));
      for (const page of pages) {
        for (const [key, cell] of page.clicks) {
          totalClicks += cell.count;
          const sum = cells.get(key);
          if (sum) sum.count += cell.count;
          else cells.set(key, { ...cell });
        }
        page.scroll.forEach((views, step) => (perStep[step]! += views));
        page.attention.forEach((ms, band) => (attentionMs[band]! += ms));
      }
      return { clicks: topCells(cells.values(), heatmapLimit(query.limit)), totalClicks, scrollReached: reachedAtLeast(perStep), attentionMs };
    },
  };
}
