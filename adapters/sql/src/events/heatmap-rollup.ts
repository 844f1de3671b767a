import type { Knex } from 'knex';
import { HEATMAP_EVENT, heatmapContribution } from '@northstar/core';
import type { SqlDialect, SqlRow } from '../dialects/sql-dialect.js';
import { HEATMAP_ATTENTION_COLUMNS, HEATMAP_SCROLL_COLUMNS } from '../migrations/0006-heatmaps.js';
import { dayOf } from './event-rows.js';
import { heatmapKey } from './heatmap-keys.js';
import type { KeyedEvent } from './insert-events.js';
import { MAX_STATEMENT_BYTES, rowsPerStatement, upsertAdding } from './insert-ignore.js';

const PAGE_KEY = ['project_id', 'width', 'day', 'path_hash'];
const PAGE_ADDED = [...HEATMAP_SCROLL_COLUMNS, ...HEATMAP_ATTENTION_COLUMNS];
const CLICK_KEY = [...PAGE_KEY, 'selector_hash', 'x', 'y'];

interface PageDelta {
  key: string;
  /** project_id, width, day, path_hash */
  head: [number, number, number, number];
  path: string;
  scroll: number[];
  attention: number[];
}

interface ClickDelta {
  key: string;
  page: PageDelta;
  selectorHash: number;
  selector: string;
  x: number;
  y: number;
  clicks: number;
}

const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** `rows` in statements of at most `maxRows` rows and about `MAX_STATEMENT_BYTES` (3 bytes a UTF-16 unit of text, 100 a row besides). */
function statements(rows: readonly SqlRow[], maxRows: number, textOf: (row: SqlRow) => string): SqlRow[][] {
  const out: SqlRow[][] = [];
  let current: SqlRow[] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = 3 * textOf(row).length + 100;
    if (current.length > 0 && (current.length >= maxRows || bytes + size > MAX_STATEMENT_BYTES)) {
      out.push(current);
      current = [];
      bytes = 0;
    }
    current.push(row);
    bytes += size;
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** The deltas of the `$heatmap` events among `stored`, per page row and per click cell. */
function deltasOf(stored: readonly KeyedEvent[]): { pages: PageDelta[]; clicks: ClickDelta[] } {
  const pages = new Map<string, PageDelta>();
  const clicks = new Map<string, ClickDelta>();
  for (const { event } of stored) {
    if (event.event_name !== HEATMAP_EVENT) continue;
    const contribution = heatmapContribution(event.str_properties, event.num_properties);
    if (contribution === null) continue;
    const pathHash = heatmapKey(contribution.path);
    const day = dayOf(event.timestamp);
    const pageKey = `${event.project_id}\u0000${contribution.width}\u0000${day}\u0000${pathHash}`;
    let page = pages.get(pageKey);
    if (page === undefined) {
      page = {
        key: pageKey,
        head: [event.project_id, contribution.width, day, pathHash],
        path: contribution.path,
        scroll: HEATMAP_SCROLL_COLUMNS.map(() => 0),
        attention: HEATMAP_ATTENTION_COLUMNS.map(() => 0),
      };
      pages.set(pageKey, page);
    }
    if (contribution.scrollStep !== undefined) page.scroll[contribution.scrollStep]! += 1;
    contribution.attention?.forEach((ms, band) => (page.attention[band]! += ms));
    for (const [selector, x, y] of contribution.clicks) {
      const selectorHash = heatmapKey(selector);
      const key = `${pageKey}\u0000${selectorHash}\u0000${x}\u0000${y}`;
      const click = clicks.get(key);
      if (click) click.clicks += 1;
      else clicks.set(key, { key, page, selectorHash, selector, x, y, clicks: 1 });
    }
  }
  return { pages: [...pages.values()].sort(byKey), clicks: [...clicks.values()].sort(byKey) };
}

/**
 * Adds the `$heatmap` events this call stored (never a duplicate: `stored` is what the insert
 * reported as new) to the heatmap rollups, in the insert's transaction: one multi-row upsert of
 * page rows (every such event writes its page's row, so the row directory lists every page with a
 * map), one of click cells, both in key order so concurrent writers lock in one order. A batch
 * without `$heatmap` events pays one name comparison per event.
 */
export async function updateHeatmaps(trx: Knex.Transaction, dialect: SqlDialect, stored: readonly KeyedEvent[]): Promise<void> {
  if (!stored.some(({ event }) => event.event_name === HEATMAP_EVENT)) return;
  const { pages, clicks } = deltasOf(stored);

  const pageRows: SqlRow[] = pages.map((page) => [...page.head, ...page.scroll, ...page.attention, page.path]);
  const pageColumns = PAGE_KEY.length + PAGE_ADDED.length + 1;
  for (const rows of statements(pageRows, rowsPerStatement(dialect, pageColumns), (row) => String(row[row.length - 1]))) {
    await upsertAdding(trx, dialect, 'ns_heatmap_pages', PAGE_KEY, PAGE_ADDED, rows, ['path']);
  }

  const clickRows: SqlRow[] = clicks.map((click) => [...click.page.head, click.selectorHash, click.x, click.y, click.clicks, click.selector]);
  for (const rows of statements(clickRows, rowsPerStatement(dialect, CLICK_KEY.length + 2), (row) => String(row[row.length - 1]))) {
    await upsertAdding(trx, dialect, 'ns_heatmap_clicks', CLICK_KEY, ['clicks'], rows, ['selector']);
  }
}
