import type { Knex } from 'knex';
import { BadRequestError, HEATMAP_MAX_PAGES, heatmapUrlLikePattern, heatmapUrlMatcher, tooManyHeatmapPages } from '@northstar/core';
import type { HeatmapClickCell, HeatmapQuery, HeatmapResult } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { HEATMAP_ATTENTION_COLUMNS, HEATMAP_SCROLL_COLUMNS } from '../migrations/0006-heatmaps.js';
import { DAY_MS } from './event-rows.js';

const DEFAULT_LIMIT = 500;
const MAX_LIMIT = 1000;

type Row = Record<string, number | string | null>;

/** Rows of a knex read (typed `any` by knex). */
const rowsOf = <T>(rows: unknown): T[] => rows as T[];

const numberOf = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/** Page views that reached at least each step, from page views per step. */
function reachedAtLeast(perStep: readonly number[]): number[] {
  const reached = perStep.map(() => 0);
  let running = 0;
  for (let step = perStep.length - 1; step >= 0; step--) {
    running += perStep[step] ?? 0;
    reached[step] = running;
  }
  return reached;
}

/**
 * The keys of the pages the pattern matches among those with a map of the query's width and days:
 * the distinct pathnames the bound `LIKE` prefilter lets through (read from the page rows), then
 * exactly the ones `heatmapUrlMatcher` accepts.
 */
async function matchingPages(trx: Knex.Transaction, query: HeatmapQuery, fromDay: number, toDay: number): Promise<number[]> {
  const read: unknown = await trx('ns_heatmap_pages')
    .distinct('path_hash', 'path')
    .where({ project_id: query.projectId, width: query.width })
    .where('day', '>=', fromDay)
    .where('day', '<', toDay)
    .whereRaw("path LIKE ? ESCAPE '!'", [heatmapUrlLikePattern(query.url)]);
  const rows = rowsOf<{ path_hash: number | string; path: string }>(read);
  const matches = heatmapUrlMatcher(query.url);
  const paths = new Set<string>();
  const keys = new Set<number>();
  for (const row of rows) {
    if (!matches(row.path)) continue;
    paths.add(row.path);
    keys.add(Number(row.path_hash));
  }
  if (paths.size > HEATMAP_MAX_PAGES) throw new BadRequestError(tooManyHeatmapPages(paths.size));
  return [...keys];
}

/**
 * A page's heatmap in SQL, from the heatmap rollups (migration 0006): the matching pages' keys
 * first, then three aggregate reads over those keys (the top click cells, all clicks, and the
 * scroll and attention sums), in one transaction so that all four see one snapshot.
 */
export function heatmapQuery(db: Knex, _dialect: SqlDialect, query: HeatmapQuery): Promise<HeatmapResult> {
  const fromDay = Math.floor(query.from / DAY_MS);
  const toDay = Math.ceil(query.to / DAY_MS);
  const limit = query.limit === undefined ? DEFAULT_LIMIT : Math.max(1, Math.min(MAX_LIMIT, Math.floor(query.limit)));
  return db.transaction(async (trx): Promise<HeatmapResult> => {
    const empty: HeatmapResult = {
      clicks: [],
      totalClicks: 0,
      scrollReached: HEATMAP_SCROLL_COLUMNS.map(() => 0),
      attentionMs: HEATMAP_ATTENTION_COLUMNS.map(() => 0),
    };
    const keys = await matchingPages(trx, query, fromDay, toDay);
    if (keys.length === 0) return empty;

    const range = (table: string) =>
      trx(table).where({ project_id: query.projectId, width: query.width }).where('day', '>=', fromDay).where('day', '<', toDay).whereIn('path_hash', keys);

    const cells = rowsOf<Row>(
      await range('ns_heatmap_clicks')
        .select('selector', 'x', 'y')
        .sum({ count: 'clicks' })
        .groupBy('selector', 'x', 'y')
        .orderBy([{ column: 'count', order: 'desc' }, { column: 'selector' }, { column: 'x' }, { column: 'y' }])
        .limit(limit),
    );
    const [total] = rowsOf<Row>(await range('ns_heatmap_clicks').sum({ total: 'clicks' }));
    const sums = [...HEATMAP_SCROLL_COLUMNS, ...HEATMAP_ATTENTION_COLUMNS].map((column) => ({ [column]: column }));
    const [page] = rowsOf<Row>(await range('ns_heatmap_pages').sum(Object.assign({}, ...sums) as Record<string, string>));

    const clicks: HeatmapClickCell[] = cells.map((row) => ({
      selector: String(row.selector),
      x: numberOf(row.x),
      y: numberOf(row.y),
      count: numberOf(row.count),
    }));
    return {
      clicks,
      totalClicks: numberOf(total?.total),
      scrollReached: reachedAtLeast(HEATMAP_SCROLL_COLUMNS.map((column) => numberOf(page?.[column]))),
      attentionMs: HEATMAP_ATTENTION_COLUMNS.map((column) => numberOf(page?.[column])),
    };
  });
}
