import type { Browser, Locator, Page } from 'playwright-core';
import { HEATMAP_ATTENTION_BANDS, heatmapWidthBucket, parseHeatmapPayload } from '@northstar/core';
import type { HeatmapClick, TrackedEvent } from '@northstar/core';
import { describe, expect, it } from 'vitest';
import { sentEvents, useCliAndChromium } from './harness/cli-and-chromium.js';
import { hasChromium, requireOrSkip } from './harness/environment.js';
import { HEATMAP_PAGE, routeHeatmapPage } from './harness/heatmap-page.js';
import { pollUntil } from './harness/poll.js';
import { heatmapToday } from './harness/query.js';
import { sleep } from './harness/sdk-page.js';
import type { DemoProject } from './harness/server.js';

const runs = requireOrSkip('Chromium', hasChromium, 'apt-get install -y chromium');

const VIEWPORT_HEIGHT = 800;
/** The layouts: 3 columns of cards at 1280 px, 1 column at 400 px. */
const WIDTHS = [1280, 400];
/** The elements clicked at each width (by the test's own CSS), and where inside their box, as fractions. */
const TARGETS = [
  { css: '[data-testid="buy-2"]', x: 0.25, y: 0.75 },
  { css: '[data-testid="card-5"]', x: 0.8, y: 0.3 }, // the card itself, below its title
  { css: '[data-testid="buy-9"]', x: 0.6, y: 0.5 },
];

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface Recording {
  /** The `$heatmap` payloads sent for the grid page at this width. */
  payloads: NonNullable<ReturnType<typeof parseHeatmapPayload>>[];
  /** Each target's box in the document (page coordinates) when it was clicked. */
  boxes: Box[];
  /** The page's own record of its furthest scroll reach. */
  reach: number;
  /** How long the page view lasted, ms (an upper bound for any band's attention). */
  duration: number;
}

/** Scrolls with the mouse wheel until `target` is inside the viewport, then waits for the scroll to settle. */
async function wheelIntoView(page: Page, target: Locator): Promise<Box> {
  for (let i = 0; i < 40; i++) {
    const box = await target.boundingBox();
    if (!box) throw new Error('the target has no box');
    const below = box.y + box.height - (VIEWPORT_HEIGHT - 20);
    if (below <= 0 && box.y >= 0) return box;
    await page.mouse.wheel(0, below > 0 ? Math.min(below + 20, 400) : Math.max(box.y - 20, -400));
    await sleep(120);
  }
  throw new Error('could not scroll the target into view');
}

/** The `$heatmap` events for the grid page in the width bucket of `width`, as the server reads their payloads. */
const heatmapsFor = (sent: TrackedEvent[], width: number) =>
  sent
    .filter(
      (e) => e.event_name === '$heatmap' && e.str_properties?.$pathname === HEATMAP_PAGE && e.num_properties?.$heatmap_width === heatmapWidthBucket(width),
    )
    .map((e) => parseHeatmapPayload(e.str_properties?.$heatmap ?? ''));

/** One page view of the grid at `width`: real mouse clicks at the targets' fractions, real wheel scrolls, then an SPA navigation that ends it. */
async function record(browser: Browser, demo: DemoProject, width: number): Promise<Recording> {
  const context = await browser.newContext({ viewport: { width, height: VIEWPORT_HEIGHT } });
  await routeHeatmapPage(context, demo);
  const sent = sentEvents(context);
  const page = await context.newPage();
  const start = Date.now();
  await page.goto(`${demo.url}${HEATMAP_PAGE}`);
  await sleep(400); // attention on the top of the page
  const boxes: Box[] = [];
  for (const target of TARGETS) {
    const box = await wheelIntoView(page, page.locator(target.css));
    await page.mouse.click(box.x + target.x * box.width, box.y + target.y * box.height);
    const scrollY = await page.evaluate(() => window.scrollY);
    boxes.push({ ...box, y: box.y + scrollY });
  }
  const secret = await wheelIntoView(page, page.locator('#secret'));
  await page.mouse.click(secret.x + secret.width / 2, secret.y + secret.height / 2);
  await sleep(300);
  const next = await wheelIntoView(page, page.locator('#next'));
  const reach = await page.evaluate(() => (window as unknown as { reach: number }).reach);
  await page.mouse.click(next.x + 5, next.y + 5);
  const duration = Date.now() - start;
  await pollUntil(
    () => Promise.resolve(heatmapsFor(sent, width)),
    (payloads) => payloads.some((p) => p?.s !== undefined),
  );
  await context.close();
  return { payloads: heatmapsFor(sent, width).map((p) => p ?? { v: 1 }), boxes, reach, duration };
}

/**
 * Where each click of `clicks` lands in the grid page loaded at `width`: how many elements its
 * selector matches, which one (its test id or id), and whether the point at its fractions of that
 * element's box (scrolled into view) is on the element.
 */
async function resolve(browser: Browser, demo: DemoProject, width: number, clicks: HeatmapClick[]) {
  const context = await browser.newContext({ viewport: { width, height: VIEWPORT_HEIGHT } });
  await routeHeatmapPage(context, demo, { heatmap: false });
  const page = await context.newPage();
  await page.goto(`${demo.url}${HEATMAP_PAGE}`);
  const resolved = await page.evaluate((list) => {
    return list.map(([selector, x, y]) => {
      const matches = document.querySelectorAll(selector);
      const el = matches[0] as HTMLElement | undefined;
      if (!el) return { matches: 0, name: '', onElement: false };
      el.scrollIntoView({ block: 'center' });
      const box = el.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + x * box.width, box.top + y * box.height);
      return { matches: matches.length, name: el.dataset.testid ?? el.id, onElement: !!hit && el.contains(hit) };
    });
  }, clicks);
  await context.close();
  return resolved;
}

describe.runIf(runs)('heatmaps in Chromium against the built server', () => {
  const env = useCliAndChromium('northstar-heatmaps-');

  it('answers a page recorded at two viewport widths with maps that place the clicks on the same elements, with its scroll reach and attention', async () => {
    const demo = env.server.demo;
    const recordings: Recording[] = [];
    for (const width of WIDTHS) recordings.push(await record(env.browser, demo, width));

    // The layouts differ: the same element sits elsewhere in pixels at each width.
    const [wide, narrow] = recordings as [Recording, Recording];
    for (let i = 0; i < TARGETS.length; i++) {
      const [a, b] = [wide.boxes[i] as Box, narrow.boxes[i] as Box];
      expect(Math.abs(a.x - b.x) + Math.abs(a.y - b.y)).toBeGreaterThan(100);
    }

    const names: string[][] = [];
    for (const [i, width] of WIDTHS.entries()) {
      const { payloads, reach, duration } = recordings[i] as Recording;
      // What the SDK sent: the fractions are where the mouse was inside each element, nothing blocked.
      const clicks = payloads.flatMap((p) => p.c ?? []);
      expect(clicks).toHaveLength(TARGETS.length + 1);
      for (const [t, target] of TARGETS.entries()) {
        const [, x, y] = clicks[t] as HeatmapClick;
        expect(Math.abs(x - target.x)).toBeLessThan(0.02);
        expect(Math.abs(y - target.y)).toBeLessThan(0.02);
      }
      expect(JSON.stringify(payloads)).not.toContain('secret');
      // Scroll reach: once per page view, the furthest the page saw its viewport reach.
      const reaches = payloads.filter((p) => p.s !== undefined).map((p) => p.s as number);
      expect(reaches).toHaveLength(1);
      const s = reaches[0] as number;
      expect(Math.abs(s - reach)).toBeLessThan(0.01);
      expect(s).toBeLessThan(1);
      // Attention: none over the page view's length.
      const attention = Array.from({ length: HEATMAP_ATTENTION_BANDS }, (_, band) => payloads.reduce((sum, p) => sum + (p.a?.[band] ?? 0), 0));
      for (const ms of attention) expect(ms).toBeLessThanOrEqual(duration);

      // The map the server answers for this width.
      const map = await pollUntil(
        () => heatmapToday(demo, HEATMAP_PAGE, width),
        (m) => m.clicks.total >= clicks.length && m.scroll.page_views >= 1,
      );
      expect(map.width).toBe(heatmapWidthBucket(width));
      expect(map.clicks.total).toBe(clicks.length);
      // Every cell's selector names one element of the page at this width, and the cell's place in that element's box lands on it.
      const resolved = await resolve(
        env.browser,
        demo,
        width,
        map.clicks.cells.map((c) => [c.selector, c.x, c.y]),
      );
      for (const r of resolved) expect(r).toMatchObject({ matches: 1, onElement: true });
      names.push(resolved.map((r) => r.name).sort());
      // One page view, counted at every depth up to its reach's 5 % step and none beyond.
      const step = Math.floor((Math.round(s * 1000) * 20) / 1000);
      expect(map.scroll.page_views).toBe(1);
      expect(map.scroll.reach.map((r) => r.page_views)).toEqual(Array.from({ length: 21 }, (_, k) => (k <= step ? 1 : 0)));
      // Attention as sent: time on the top band (seen first), none on the bottom band (the footer never scrolled to).
      const bands = map.attention.bands.map((b) => b.ms);
      expect(bands).toEqual(attention);
      expect(bands[0]).toBeGreaterThan(0);
      expect(bands[HEATMAP_ATTENTION_BANDS - 1]).toBe(0);
    }
    // The same elements at both widths: the three targets and the SPA link that ended the page view.
    const clicked = ['buy-2', 'buy-9', 'card-5', 'next'];
    expect(names).toEqual([clicked, clicked]);
  });
});
