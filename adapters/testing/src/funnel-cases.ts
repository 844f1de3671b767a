import { expect, it } from 'vitest';
import type { ConformanceContext } from './conformance-context.js';
import { FUNNEL_PROJECT, HOUR, MINUTE, funnelQuery, loadFunnelDataset, steps } from './funnel-dataset.js';

const step = (people: number, medianMs: number | null = null) => ({ people, medianMs });

/**
 * Funnels over `funnel-dataset.ts` (docs/queries.md "Funnels"): identify merges before and after the
 * link, a user id equal to a device id, equal timestamps, the window's end, step 1 outside the range,
 * each person once at their furthest attempt, nearest-rank medians, group-by of step 1. The dataset
 * links devices, so the suite registers these cases only with `people`.
 */
export function funnelCases({ adapter, ports }: ConformanceContext): void {
  it('counts each person once at the furthest step, with nearest-rank medians between steps', async () => {
    await loadFunnelDataset(adapter());
    // step 1: alice bob carol shared dan erin frank hank ivy jack kim (not gina, not the device "shared")
    // step 2 gaps (min): 0 5 10 30 30 30 40 45 50 → 5th of 9; step 3 (alice bob dan erin ivy): 0 5 15 20 30 → 3rd of 5
    expect(await ports().queryEngine.run(funnelQuery())).toEqual([{ steps: [step(11), step(9, 30 * MINUTE), step(5, 15 * MINUTE)] }]);
  });

  it('counts a step exactly at the window end and not 1 ms after it; the attempt reaching furthest, the earliest on ties', async () => {
    await loadFunnelDataset(adapter());
    // 14 days: frank's buy counts; ivy's 09:00 attempt now reaches buy (signup after 10 min, buy after 11 h 45 min)
    // step 2: 0 5 10 10 30 30 30 40 45 → 30 min; step 3 (alice bob dan erin frank ivy): 0 15 20 30 30:00.001 11:45 → 20 min
    expect(await ports().queryEngine.run(funnelQuery({ windowMs: 14 * 24 * HOUR }))).toEqual([
      { steps: [step(11), step(9, 30 * MINUTE), step(6, 20 * MINUTE)] },
    ]);
    // 1 hour, view → buy: erin's buy at exactly 60 min counts, frank's at 60 min 1 ms does not
    // (alice 20, bob 30, dan 0, erin 60, ivy 55 from her 20:00 view → 3rd of 5)
    expect(await ports().queryEngine.run(funnelQuery({ steps: steps('view', 'buy') }))).toEqual([{ steps: [step(11), step(5, 30 * MINUTE)] }]);
  });

  it('needs its own occurrence for each step of the same event, at the same instant too', async () => {
    await loadFunnelDataset(adapter());
    // jack views at 05:00 and 05:30, kim twice at 16:30:00.000; everyone else views once in a window
    expect(await ports().queryEngine.run(funnelQuery({ steps: steps('view', 'view') }))).toEqual([{ steps: [step(11), step(2, 0)] }]);
    expect(await ports().queryEngine.run(funnelQuery({ steps: steps('view', 'view', 'view') }))).toEqual([{ steps: [step(11), step(2, 0), step(0)] }]);
  });

  it('applies step filters and counts step 1 only inside the range', async () => {
    await loadFunnelDataset(adapter());
    const proView = [{ event: 'view', filters: [{ property: 'plan', op: 'eq' as const, value: 'pro' }] }, { event: 'signup' }];
    // alice 5, carol 30, hank 45 (signup after the range), ivy 50 (her 20:00 view); gina's view is before the range
    expect(await ports().queryEngine.run(funnelQuery({ steps: proView }))).toEqual([{ steps: [step(4), step(4, 30 * MINUTE)] }]);
    // from 2024-03-11: only hank
    expect(await ports().queryEngine.run(funnelQuery({ from: Date.parse('2024-03-11T00:00:00.000Z') }))).toEqual([
      { steps: [step(1), step(1, 45 * MINUTE), step(0)] },
    ]);
  });

  it('groups by a property of the counted attempt’s step 1, ranked by people, ties in code-point order, null last', async () => {
    await loadFunnelDataset(adapter());
    const grouped = await ports().queryEngine.run(funnelQuery({ groupBy: { property: 'plan', limit: 10 } }));
    expect(grouped).toEqual([
      { group: 'free', steps: [step(4), step(4, 30 * MINUTE), step(2, 20 * MINUTE)] }, // bob erin frank jack
      { group: 'pro', steps: [step(4), step(4, 30 * MINUTE), step(2, 5 * MINUTE)] }, // alice carol hank ivy (her 20:00 attempt)
      { group: null, steps: [step(2), step(0), step(0)] }, // shared, kim
      { group: 'Pro', steps: [step(1), step(1, 0), step(1, 0)] }, // dan
    ]);
    expect(await ports().queryEngine.run(funnelQuery({ groupBy: { property: 'plan', limit: 1 } }))).toEqual(grouped.slice(0, 1));
  });

  it('answers zeros without people, and no groups', async () => {
    const { queryEngine } = ports();
    await loadFunnelDataset(adapter());
    expect(await queryEngine.run(funnelQuery({ projectId: FUNNEL_PROJECT + 100 }))).toEqual([{ steps: [step(0), step(0), step(0)] }]);
    expect(await queryEngine.run(funnelQuery({ projectId: FUNNEL_PROJECT + 100, groupBy: { property: 'plan', limit: 5 } }))).toEqual([]);
  });
}
