import { expect, it } from 'vitest';
import type { EventLog, HeatmapResult, QueryEngine } from '@northstar/server';
import type { ConformanceContext } from './conformance-context.js';
import { portsOf } from './conformance-context.js';
import { uuidNo } from './dataset.js';
import { HEAT_DAY, HEAT_DAY1, HEAT_PROJECT, bands, comparisonQueries, heatmapEvent, heatmapQuery, randomHeatmapEvents, reached } from './heatmap-dataset.js';

const EMPTY: HeatmapResult = { clicks: [], totalClicks: 0, scrollReached: reached(), attentionMs: bands() };

/** The clicks of a result as `selector x,y: count` lines, for readable expectations. */
const cells = (result: HeatmapResult) => result.clicks.map(({ selector, x, y, count }) => `${selector} ${x},${y}: ${count}`);

async function clicksOn(queryEngine: QueryEngine, url: string): Promise<number> {
  return (await queryEngine.run(heatmapQuery(url))).totalClicks;
}

/** One click on `#buy` of each page, at the cell (25, 25). */
async function oneClickOn(eventLog: EventLog, paths: readonly string[], first = 1): Promise<void> {
  await eventLog.appendEvents(paths.map((path, i) => heatmapEvent({ n: first + i, path, payload: { v: 1, c: [['#buy', 0.5, 0.5]] } })));
}

/**
 * Heatmaps: the rollups an event log keeps of `$heatmap` events (clicks per element cell, scroll reach,
 * attention per band, per page, day and width bucket) and the engine's `heatmap` query over them
 * (docs/heatmaps.md). Exact counts, each event once, malformed payloads ignored, URL patterns, width
 * buckets and days apart, project deletion, and every answer equal to memory's.
 */
export function heatmapCases({ ports }: ConformanceContext): void {
  it('counts clicks per element cell, page views per scroll reach and attention per band, exactly', async () => {
    const { eventLog, queryEngine } = ports();
    await eventLog.appendEvents([
      heatmapEvent({
        n: 1,
        payload: {
          v: 1,
          c: [
            ['#buy', 0.5, 0.5],
            ['#buy', 0.51, 0.519],
            ['nav a', 0, 1],
          ],
          a: [1000, 500],
        },
      }),
      heatmapEvent({ n: 2, payload: { v: 1, c: [['#buy', 0.58, 0.02]], s: 0.5, a: [250, 0, 0, 40.4] } }),
      heatmapEvent({ n: 3, payload: { v: 1, s: 1 } }),
      heatmapEvent({ n: 4, payload: { v: 1, s: 0.049 } }),
    ]);
    const result = await queryEngine.run(heatmapQuery('/products/1'));
    // 0.5 and 0.51 both fall in cell 25 of 50; 0.58 in cell 29 (not 28: the fractions are read in thousandths); 1 in the last cell, 49
    expect(cells(result)).toEqual(['#buy 25,25: 2', '#buy 29,1: 1', 'nav a 0,49: 1']);
    expect(result.totalClicks).toBe(4);
    // reaches 0.5 (step 10), 1 (step 20), 0.049 (step 0): three page views reached step 0, two up to step 10, one beyond
    expect(result.scrollReached).toEqual([3, ...Array<number>(10).fill(2), ...Array<number>(10).fill(1)]);
    expect(result.attentionMs).toEqual(bands(1250, 500, 0, 40));
  });

  it('counts an event stored twice once: across calls, within a call and under concurrent writers', async () => {
    const { eventLog, queryEngine } = ports();
    const event = (n: number) => heatmapEvent({ n, payload: { v: 1, c: [['#buy', 0.5, 0.5]], s: 1, a: [100] } });
    await eventLog.appendEvents([event(1), event(2), event(1)]);
    await eventLog.appendEvents([event(1), event(2)]);
    await Promise.all([eventLog.appendEvents([event(3), event(4)]), eventLog.appendEvents([event(4), event(3)]), eventLog.appendEvents([event(3)])]);
    const result = await queryEngine.run(heatmapQuery('/products/1'));
    expect(cells(result)).toEqual(['#buy 25,25: 4']);
    expect(result.scrollReached).toEqual(reached(...Array<number>(21).fill(4)));
    expect(result.attentionMs).toEqual(bands(400));
  });

  it('stores events with malformed payloads, or without a page or width, and adds nothing of them to a map', async () => {
    const { eventLog, queryEngine } = ports();
    const bad = [
      heatmapEvent({ n: 1, payload: '{"v":1,"c":[' }),
      heatmapEvent({ n: 2, payload: { v: 2, c: [['#buy', 0.5, 0.5]] } }),
      heatmapEvent({
        n: 3,
        payload: {
          v: 1,
          c: [
            ['#buy', 1.5, 0.5],
            ['', 0.5, 0.5],
            [7, 0.5, 0.5],
          ],
          s: 2,
          a: [-1],
        },
      }),
      heatmapEvent({ n: 4, payload: { v: 1, c: [['#buy', 0.5, 0.5]] }, event: { str_properties: { $heatmap: '{"v":1,"c":[["#buy",0.5,0.5]]}' } } }),
      heatmapEvent({ n: 5, payload: { v: 1, c: [['#buy', 0.5, 0.5]] }, event: { num_properties: {} } }),
      heatmapEvent({ n: 6, payload: { v: 1, c: [['#buy', 0.5, 0.5]] }, event: { event_name: '$click' } }),
    ];
    expect(await eventLog.appendEvents(bad)).toEqual({ inserted: 6, duplicates: 0 });
    for (let n = 1; n <= 6; n++) expect((await eventLog.getEvent(HEAT_PROJECT, uuidNo(n)))?.uuid).toBe(uuidNo(n));
    expect(await queryEngine.run(heatmapQuery('/**'))).toEqual(EMPTY);
    expect(await queryEngine.run(heatmapQuery('/**', { width: 0 }))).toEqual(EMPTY);
  });

  it('matches pages by exact path, * within a segment and ** across segments, case-sensitively, with LIKE characters as themselves', async () => {
    const { eventLog, queryEngine } = ports();
    await oneClickOn(eventLog, [
      '/',
      '/products/1',
      '/products/2',
      '/products/2/reviews',
      '/Products/1',
      '/docs',
      '/docs/',
      '/docs/a/intro',
      '/a%b_c',
      '/axbyc',
      '/a!b',
    ]);
    const expected: [string, number][] = [
      ['/products/1', 1],
      ['/products/*', 2],
      ['/products/**', 3],
      ['/*/1', 2],
      ['/*', 5], // '/', '/docs', '/a%b_c', '/axbyc', '/a!b'
      ['/**', 11],
      ['/docs/**', 3], // '/docs', '/docs/', '/docs/a/intro'
      ['/docs/*', 1], // '/docs/'
      ['/docs/**/intro', 1],
      ['/a%b_c', 1],
      ['/a!b', 1],
      ['/a*', 3],
      ['/products', 0],
      ['/PRODUCTS/1', 0],
    ];
    const answers = await Promise.all(expected.map(async ([url]) => [url, await clicksOn(queryEngine, url)] as [string, number]));
    expect(answers).toEqual(expected);
  });

  it('keeps width buckets apart, a viewport width counting in its bucket', async () => {
    const { eventLog, queryEngine } = ports();
    await eventLog.appendEvents([
      heatmapEvent({ n: 1, width: 1200, payload: { v: 1, c: [['#buy', 0.5, 0.5]] } }),
      heatmapEvent({ n: 2, width: 1399, payload: { v: 1, c: [['#buy', 0.5, 0.5]] } }),
      heatmapEvent({ n: 3, width: 375, payload: { v: 1, c: [['#menu', 0.1, 0.1]] } }),
      heatmapEvent({ n: 4, width: 1400, payload: { v: 1, s: 1 } }),
    ]);
    expect(cells(await queryEngine.run(heatmapQuery('/products/1', { width: 1200 })))).toEqual(['#buy 25,25: 2']);
    expect(cells(await queryEngine.run(heatmapQuery('/products/1', { width: 0 })))).toEqual(['#menu 5,5: 1']);
    expect(await queryEngine.run(heatmapQuery('/products/1', { width: 992 }))).toEqual(EMPTY);
    const wide = await queryEngine.run(heatmapQuery('/products/1', { width: 1400 }));
    expect([wide.totalClicks, wide.scrollReached[20]]).toEqual([0, 1]);
  });

  it('reads the UTC days of the range, a partial day as a whole one', async () => {
    const { eventLog, queryEngine } = ports();
    const click = (n: number, ts: number) => heatmapEvent({ n, ts, payload: { v: 1, c: [['#buy', 0.5, 0.5]] } });
    await eventLog.appendEvents([click(1, HEAT_DAY1 - 1), click(2, HEAT_DAY1), click(3, HEAT_DAY1 + HEAT_DAY - 1), click(4, HEAT_DAY1 + HEAT_DAY)]);
    const total = async (from: number, to: number) => (await queryEngine.run(heatmapQuery('/products/1', { from, to }))).totalClicks;
    expect(await total(HEAT_DAY1, HEAT_DAY1 + HEAT_DAY)).toBe(2);
    expect(await total(HEAT_DAY1 - HEAT_DAY, HEAT_DAY1 + 2 * HEAT_DAY)).toBe(4);
    expect(await total(HEAT_DAY1 + 1, HEAT_DAY1 + 2)).toBe(2);
    expect(await total(HEAT_DAY1 + 2 * HEAT_DAY, HEAT_DAY1 + 3 * HEAT_DAY)).toBe(0);
  });

  it('returns the most clicked cells first, ties by selector (code points), x, y, at most `limit`', async () => {
    const { eventLog, queryEngine } = ports();
    const payload = {
      v: 1,
      c: [
        ['b', 0.5, 0.5],
        ['a', 0.9, 0.1],
        ['a', 0.1, 0.9],
        ['B', 0.5, 0.5],
        ['🚀', 0.5, 0.5],
        ['\uff5e', 0.5, 0.5],
        ['b', 0.5, 0.5],
      ],
    };
    await eventLog.appendEvents([heatmapEvent({ n: 1, payload })]);
    expect(cells(await queryEngine.run(heatmapQuery('/products/1')))).toEqual([
      'b 25,25: 2',
      'B 25,25: 1',
      'a 5,45: 1',
      'a 45,5: 1',
      '\uff5e 25,25: 1',
      '🚀 25,25: 1',
    ]);
    const top = await queryEngine.run(heatmapQuery('/products/1', { limit: 2 }));
    expect([cells(top), top.totalClicks]).toEqual([['b 25,25: 2', 'B 25,25: 1'], 7]);
  });

  it("deletes a project's heatmaps with its events, and nothing of another project", async () => {
    const { eventLog, queryEngine } = ports();
    await oneClickOn(eventLog, ['/products/1', '/docs']);
    await eventLog.appendEvents([heatmapEvent({ n: 1, project: HEAT_PROJECT + 1, payload: { v: 1, c: [['#buy', 0.5, 0.5]], s: 1 } })]);
    const other = await queryEngine.run(heatmapQuery('/**', { projectId: HEAT_PROJECT + 1 }));
    expect(await eventLog.deleteProject(HEAT_PROJECT)).toBe(2);
    expect(await queryEngine.run(heatmapQuery('/**'))).toEqual(EMPTY);
    expect(await queryEngine.run(heatmapQuery('/**', { projectId: HEAT_PROJECT + 1 }))).toEqual(other);
    expect(other.totalClicks).toBe(1);
    // counted from zero again: the uuids are free and the rows gone
    await oneClickOn(eventLog, ['/products/1']);
    expect(await clicksOn(queryEngine, '/**')).toBe(1);
  });

  it('answers every query of a random battery exactly as the memory reference', async () => {
    const { createMemoryStorage } = await import('@northstar/adapter-memory');
    const storage = createMemoryStorage();
    const reference = portsOf(storage);
    const { eventLog, queryEngine } = ports();
    const events = randomHeatmapEvents();
    try {
      for (let i = 0; i < events.length; i += 97) {
        const batch = events.slice(i, i + 97);
        expect(await eventLog.appendEvents(batch)).toEqual(await reference.eventLog.appendEvents(batch));
      }
      for (const query of comparisonQueries()) {
        expect(await queryEngine.run(query), JSON.stringify(query)).toEqual(await reference.queryEngine.run(query));
      }
      // not vacuous: the battery finds clicks, reach and attention
      const all = await reference.queryEngine.run(heatmapQuery('/**', { to: HEAT_DAY1 + 3 * HEAT_DAY }));
      expect(all.totalClicks).toBeGreaterThan(50);
      expect(all.scrollReached[0]).toBeGreaterThan(10);
    } finally {
      await storage.dispose();
    }
  });
}
