import { expect, it } from 'vitest';
import type { EngineQuery, PropertyFilter, QueryEngine } from '@northstar/server';
import type { ConformanceContext } from './conformance-context.js';
import { portsOf } from './conformance-context.js';
import { FROM, LONG_NAME, PROJECT, TO, loadFixture } from './fixture.js';
import type { FixtureTarget } from './fixture.js';
import { BERLIN_PROJECT, FUNNEL_PROJECT, HOUR, NEW_YORK_PROJECT, loadFunnelDataset, loadRetentionDatasets } from './funnel-dataset.js';

const DAY = 24 * HOUR;
const pro: PropertyFilter[] = [{ property: 'plan', op: 'eq', value: 'pro' }];

/** Funnels and retention queries over the shared fixture and the funnel and retention datasets. */
function battery(): EngineQuery[] {
  const all: EngineQuery[] = [];
  const range = { from: FROM, to: TO };
  for (const windowMs of [HOUR, DAY, 14 * DAY]) {
    for (const names of [
      ['view', 'buy'],
      ['view', 'view'],
      ['buy', 'view', 'buy'],
      ['view', 'buy', LONG_NAME],
    ]) {
      const steps = names.map((event) => ({ event }));
      all.push({ kind: 'funnel', projectId: PROJECT, steps, windowMs, ...range });
      all.push({ kind: 'funnel', projectId: PROJECT, steps, windowMs, ...range, groupBy: { property: 'plan', limit: 10 } });
      all.push({ kind: 'funnel', projectId: PROJECT, steps, windowMs, ...range, groupBy: { property: 'page', limit: 2 } });
    }
    all.push({
      kind: 'funnel',
      projectId: PROJECT,
      steps: [
        { event: 'view', filters: pro },
        { event: 'buy', filters: pro },
      ],
      windowMs,
      ...range,
    });
    const funnelRange = { from: Date.parse('2024-03-10T00:00:00.000Z'), to: Date.parse('2024-03-12T00:00:00.000Z') };
    for (const names of [
      ['view', 'signup', 'buy'],
      ['signup', 'buy'],
      ['view', 'view', 'signup', 'view'],
      ['buy', 'signup'],
    ]) {
      const steps = names.map((event) => ({ event }));
      all.push({ kind: 'funnel', projectId: FUNNEL_PROJECT, steps, windowMs, ...funnelRange });
      all.push({ kind: 'funnel', projectId: FUNNEL_PROJECT, steps, windowMs, ...funnelRange, groupBy: { property: 'plan', limit: 3 } });
    }
  }
  for (const timeZone of ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata']) {
    for (const period of ['day', 'week'] as const) {
      for (const [start, ret] of [
        ['view', 'view'],
        ['view', 'buy'],
        ['buy', 'view'],
      ]) {
        all.push({
          kind: 'retention',
          projectId: PROJECT,
          start: { event: start! },
          return: { event: ret! },
          period,
          periods: 10,
          from: FROM - 12 * HOUR,
          to: TO - 5 * HOUR,
          timeZone,
        });
      }
      all.push({
        kind: 'retention',
        projectId: PROJECT,
        start: { event: 'view', filters: pro },
        return: { event: 'view' },
        period,
        periods: 3,
        from: FROM,
        to: TO,
        timeZone,
      });
      for (const projectId of [BERLIN_PROJECT, NEW_YORK_PROJECT]) {
        for (const [start, ret] of [
          ['open', 'open'],
          ['signup', 'open'],
        ]) {
          all.push({
            kind: 'retention',
            projectId,
            start: { event: start! },
            return: { event: ret! },
            period,
            periods: 4,
            from: Date.parse('2024-03-25T00:00:00.000Z'),
            to: Date.parse('2024-11-30T00:00:00.000Z'),
            timeZone,
          });
        }
      }
    }
  }
  return all;
}

/** Retention cells in a fixed order (engines answer them in any order). */
function comparable(result: unknown): unknown {
  if (!Array.isArray(result) || result.length === 0 || !('cohort' in (result[0] as object))) return result;
  return [...(result as { cohort: string; period: number }[])].sort((a, b) => (a.cohort < b.cohort ? -1 : a.cohort > b.cohort ? 1 : a.period - b.period));
}

async function load(target: FixtureTarget): Promise<void> {
  await loadFixture(target);
  await loadFunnelDataset(target);
  await loadRetentionDatasets(target);
}

/** Memory is the reference: the engine under test answers every funnel and retention query of the battery exactly as memory does. */
export function funnelRetentionComparisonCases({ adapter, ports }: ConformanceContext): void {
  it('answers every funnel and retention query of the battery exactly as the memory reference', async () => {
    const { createMemoryStorage } = await import('@northstar/adapter-memory');
    const storage = createMemoryStorage();
    const reference = portsOf(storage);
    const { people } = adapter();
    try {
      await load(adapter());
      await load({ eventLog: reference.eventLog, people: people && reference.people });
      const engines: [QueryEngine, QueryEngine] = [ports().queryEngine, reference.queryEngine];
      for (const query of battery()) {
        const [actual, expected] = await Promise.all(engines.map((engine) => engine.run(query)));
        expect(comparable(actual), JSON.stringify(query)).toEqual(comparable(expected));
      }
    } finally {
      await storage.dispose();
    }
  }, 60_000);
}
