import { z } from 'zod';
import { HEATMAP_ATTENTION_BANDS, HEATMAP_CLICK_GRID, HEATMAP_SCROLL_STEPS, HEATMAP_WIDTH_BUCKETS, heatmapUrlProblem, parseUtcDate } from '@northstar/core';
import { LIMITS } from './limits.js';
import { isoDate } from './timestamp.js';

const DAY_MS = 86_400_000;
/** Widest viewport a query may name (CSS px). */
export const MAX_HEATMAP_WIDTH = 100_000;
export const MAX_HEATMAP_LIMIT = 1000;
export const DEFAULT_HEATMAP_LIMIT = 500;

function daysInRange(range: { start: string; end: string }): number | undefined {
  const start = parseUtcDate(range.start);
  const end = parseUtcDate(range.end);
  return start === undefined || end === undefined ? undefined : (end - start) / DAY_MS + 1;
}

/** Body of `POST /v1/query/heatmaps` (docs/heatmaps.md). */
export const heatmapQuerySchema = z
  .object({
    project_id: z.int({ error: 'project_id must be an integer' }).positive('project_id must be positive'),
    url: z
      .string({ error: 'url must be a string' })
      .superRefine((url, ctx) => {
        const problem = heatmapUrlProblem(url);
        if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
      })
      .meta({
        description:
          'Pattern over the page pathname: exact, `*` within one path segment, `**` across segments (`/docs/**` also matches `/docs`). Case-sensitive.',
      }),
    width: z
      .int({ error: 'width must be an integer' })
      .min(0, 'width must be at least 0')
      .max(MAX_HEATMAP_WIDTH, `width must be at most ${MAX_HEATMAP_WIDTH}`)
      .meta({ description: `A viewport width in CSS px, or a bucket's lower bound (${HEATMAP_WIDTH_BUCKETS.join(', ')}): the map of its bucket is returned.` }),
    date_range: z
      .object({ start: isoDate('date_range.start'), end: isoDate('date_range.end') }, { error: 'date_range must be an object' })
      .refine((range) => (daysInRange(range) ?? 1) >= 1, 'date_range.start must not be after date_range.end')
      .refine((range) => (daysInRange(range) ?? 0) <= LIMITS.maxQueryDays, `date_range spans more than ${LIMITS.maxQueryDays} days`)
      .meta({ description: 'UTC days, both included.' }),
    limit: z
      .int({ error: 'limit must be an integer' })
      .min(1, 'limit must be at least 1')
      .max(MAX_HEATMAP_LIMIT, `limit must be at most ${MAX_HEATMAP_LIMIT}`)
      .optional()
      .meta({ description: `Click cells returned at most (the most clicked). Default ${DEFAULT_HEATMAP_LIMIT}.` }),
  })
  .meta({ examples: [{ project_id: 1, url: '/products/*', width: 1280, date_range: { start: '2024-05-01', end: '2024-05-31' } }] });

export type HeatmapQueryBody = z.infer<typeof heatmapQuerySchema>;

const share = z.number().meta({ description: 'Fraction of the total, 0–1 (0 when the total is 0).' });

export const heatmapResponseSchema = z
  .object({
    url: z.string(),
    width: z.number().meta({ description: 'The width bucket answered (lower bound, CSS px).' }),
    date_range: z.object({ start: z.string(), end: z.string() }),
    clicks: z.object({
      grid: z.number().meta({ description: `Cells per axis of an element's box (${HEATMAP_CLICK_GRID}).` }),
      total: z.number().meta({ description: 'Clicks on the matched pages, all cells.' }),
      cells: z
        .array(
          z.object({
            selector: z.string().meta({ description: 'The clicked element, as the SDK describes it.' }),
            x: z.number().meta({ description: 'Centre of the cell inside the element, fraction of its width (0 left).' }),
            y: z.number().meta({ description: 'Centre of the cell inside the element, fraction of its height (0 top).' }),
            count: z.number(),
          }),
        )
        .meta({ description: 'The most clicked cells, most first (ties: selector in code-point order, then x, y).' }),
    }),
    scroll: z.object({
      page_views: z.number().meta({ description: 'Page views that reported a scroll reach.' }),
      reach: z
        .array(z.object({ depth: z.number(), page_views: z.number(), share }))
        .meta({ description: `Per depth (0, 1/${HEATMAP_SCROLL_STEPS}, … 1 of the page height): page views whose reach was at least it.` }),
    }),
    attention: z.object({
      total_ms: z.number(),
      bands: z
        .array(z.object({ band: z.number(), start: z.number(), end: z.number(), ms: z.number(), share }))
        .meta({ description: `${HEATMAP_ATTENTION_BANDS} bands of the page height, [start, end) as fractions: milliseconds each was seen.` }),
    }),
  })
  .meta({
    examples: [
      {
        url: '/products/*',
        width: 1200,
        date_range: { start: '2024-05-01', end: '2024-05-31' },
        clicks: { grid: 50, total: 3, cells: [{ selector: '#buy', x: 0.51, y: 0.49, count: 3 }] },
        scroll: {
          page_views: 2,
          reach: [
            { depth: 0, page_views: 2, share: 1 },
            { depth: 0.05, page_views: 2, share: 1 },
            { depth: 0.1, page_views: 1, share: 0.5 },
          ],
        },
        attention: {
          total_ms: 4000,
          bands: [
            { band: 0, start: 0, end: 0.05, ms: 3000, share: 0.75 },
            { band: 1, start: 0.05, end: 0.1, ms: 1000, share: 0.25 },
          ],
        },
      },
    ],
  });

export type HeatmapResponse = z.infer<typeof heatmapResponseSchema>;
