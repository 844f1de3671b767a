import type { HeatmapQuery, StoredEvent } from '@northstar/server';
import { uuidNo } from './dataset.js';
import { mulberry32 } from './mulberry32.js';

/** 2024-05-01T00:00:00.000Z: the first day of the heatmap cases. */
export const HEAT_DAY1 = Date.UTC(2024, 4, 1);
export const HEAT_DAY = 86_400_000;
export const HEAT_PROJECT = 20;

export interface HeatSpec {
  n: number;
  path?: string;
  /** `$heatmap_width`: a bucket or a viewport width. @default 1200 */
  width?: number;
  /** The payload object, JSON-encoded into `$heatmap`; a string is sent as it is. */
  payload: unknown;
  /** @default HEAT_DAY1 + 10 h */
  ts?: number;
  project?: number;
  /** Overrides of the event (e.g. another name, missing properties). */
  event?: Partial<StoredEvent>;
}

/** A `$heatmap` event as the SDK's plugin sends it: `$pathname`, `$heatmap_width`, `$heatmap` (JSON text). */
export function heatmapEvent(spec: HeatSpec): StoredEvent {
  return {
    uuid: uuidNo(spec.n),
    project_id: spec.project ?? HEAT_PROJECT,
    event_name: '$heatmap',
    user_id: null,
    device_id: `dev-${spec.n % 7}`,
    session_id: null,
    timestamp: spec.ts ?? HEAT_DAY1 + 10 * 3_600_000,
    str_properties: { $pathname: spec.path ?? '/products/1', $heatmap: typeof spec.payload === 'string' ? spec.payload : JSON.stringify(spec.payload) },
    num_properties: { $heatmap_width: spec.width ?? 1200 },
    received_at: HEAT_DAY1 + 20 * HEAT_DAY,
    ...spec.event,
  };
}

/** A heatmap query of the first two days, width 1200, over `url`. */
export function heatmapQuery(url: string, overrides: Partial<HeatmapQuery> = {}): HeatmapQuery & { kind: 'heatmap' } {
  return { kind: 'heatmap', projectId: HEAT_PROJECT, url, width: 1200, from: HEAT_DAY1, to: HEAT_DAY1 + 2 * HEAT_DAY, ...overrides };
}

/** `scrollReached` (21 entries: page views that reached at least step i) from its first entries. */
export function reached(...counts: number[]): number[] {
  return Array.from({ length: 21 }, (_, i) => counts[i] ?? 0);
}

/** Attention per band (20 entries) from the first bands given. */
export function bands(...ms: number[]): number[] {
  return Array.from({ length: 20 }, (_, i) => ms[i] ?? 0);
}

const PATHS = ['/', '/products/1', '/products/2', '/products/2/reviews', '/docs', '/docs/intro', '/docs/api/heatmaps', '/Products/1', '/a%b_c', '/🚀/é'];
const SELECTORS = ['#buy', 'button.add', 'nav > a:nth-child(2)', '[data-id="é🚀"]', 'a', 'A', 'main > p'];
const WIDTHS = [320, 576, 800, 992, 1200, 1280, 1400, 2560];

/**
 * 400 `$heatmap` events over 3 days (a few malformed, a few duplicates, a few of another project),
 * the same every run: what the comparison with memory stores on both sides.
 */
export function randomHeatmapEvents(): StoredEvent[] {
  const next = mulberry32(16);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const fraction = () => Math.round(next() * 1000) / 1000;
  const events: StoredEvent[] = [];
  for (let n = 1; n <= 400; n++) {
    const payload: Record<string, unknown> = { v: 1 };
    if (next() < 0.8) payload.c = Array.from({ length: Math.floor(next() * 6) }, () => [pick(SELECTORS), pick([0, 0.5, 1, fraction()]), fraction()]);
    if (next() < 0.5) payload.s = pick([0, 1, 0.05, 0.049, fraction()]);
    if (next() < 0.6) payload.a = Array.from({ length: Math.floor(next() * 21) }, () => Math.floor(next() * 5000));
    const malformed = next() < 0.05;
    events.push(
      heatmapEvent({
        n: next() < 0.05 ? Math.max(1, n - 3) : n,
        path: pick(PATHS),
        width: pick(WIDTHS),
        payload: malformed ? '{"v":1,' : payload,
        ts: HEAT_DAY1 + Math.floor(next() * 3 * HEAT_DAY),
        project: next() < 0.1 ? HEAT_PROJECT + 1 : HEAT_PROJECT,
      }),
    );
  }
  return events;
}

/** The queries the comparison asks both sides. */
export function comparisonQueries(): (HeatmapQuery & { kind: 'heatmap' })[] {
  const urls = ['/', '/*', '/**', '/products/*', '/products/**', '/docs/**', '/docs/*', '/a%b_c', '/a*', '/products/1', '/*/1', '/🚀/*', '/nothing'];
  const queries: (HeatmapQuery & { kind: 'heatmap' })[] = [];
  for (const url of urls) {
    for (const width of [0, 576, 768, 992, 1200, 1400]) queries.push(heatmapQuery(url, { width, to: HEAT_DAY1 + 3 * HEAT_DAY }));
    queries.push(heatmapQuery(url, { from: HEAT_DAY1 + HEAT_DAY, to: HEAT_DAY1 + 2 * HEAT_DAY }));
    queries.push(heatmapQuery(url, { limit: 3, to: HEAT_DAY1 + 3 * HEAT_DAY }));
    queries.push(heatmapQuery(url, { projectId: HEAT_PROJECT + 1, to: HEAT_DAY1 + 3 * HEAT_DAY }));
  }
  return queries;
}
