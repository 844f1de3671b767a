import { expect, it } from 'vitest';
import type { EngineQuery } from '@northstar/server';
import type { ConformanceContext } from './conformance-context.js';
import { DAY1, DAY2, HOUR, storedEvent, twoDayDataset } from './dataset.js';
import { rowTable } from './row-table.js';

const PROJECT = 41;

const uniqPerDay: EngineQuery & { kind: 'segmentation' } = {
  kind: 'segmentation',
  projectId: PROJECT,
  events: ['$pageview'],
  metric: 'uniq',
  interval: 'day',
  from: DAY1,
  to: DAY2 + 24 * HOUR,
};

/** The same question through the raw events (a filter the rollups cannot answer): a second kind of cached answer. */
const filtered: EngineQuery & { kind: 'segmentation' } = { ...uniqPerDay, metric: 'total', filters: [{ property: 'plan', op: 'neq', value: 'x' }] };

const signupFunnel: EngineQuery & { kind: 'funnel' } = {
  kind: 'funnel',
  projectId: PROJECT,
  steps: [{ event: '$pageview' }, { event: 'signup' }],
  from: DAY1,
  to: DAY2 + 24 * HOUR,
  windowMs: 7 * 24 * HOUR,
};

/**
 * An engine may keep answers (the SQL result cache, by project, query and data version): asked twice,
 * it answers the same; after any write that changes the answer — an event, a device link, a user's
 * deletion, from this process or another on the same data — it answers anew.
 */
export function resultCacheCases({ ports, provides, durable, reopen }: ConformanceContext): void {
  it('answers anew after an appended event, whether the rollups or the raw events answer', async () => {
    const { eventLog, queryEngine } = ports();
    await eventLog.appendEvents(twoDayDataset(PROJECT));
    expect(rowTable(await queryEngine.run(uniqPerDay))).toEqual({ '$pageview 2024-03-10': 3, '$pageview 2024-03-11': 1 });
    expect(rowTable(await queryEngine.run(uniqPerDay))).toEqual({ '$pageview 2024-03-10': 3, '$pageview 2024-03-11': 1 });
    expect(rowTable(await queryEngine.run(filtered))).toEqual({ '$pageview 2024-03-10': 4, '$pageview 2024-03-11': 1 });

    await eventLog.appendEvents([storedEvent(7, { project_id: PROJECT, user_id: 'u7', timestamp: DAY2 + HOUR })]);
    expect(rowTable(await queryEngine.run(uniqPerDay))).toEqual({ '$pageview 2024-03-10': 3, '$pageview 2024-03-11': 2 });
    expect(rowTable(await queryEngine.run(filtered))).toEqual({ '$pageview 2024-03-10': 4, '$pageview 2024-03-11': 2 });
  });

  it('answers the same after a write that stored nothing (a repeated uuid) or touched another project', async () => {
    const { eventLog, queryEngine } = ports();
    await eventLog.appendEvents(twoDayDataset(PROJECT));
    const before = rowTable(await queryEngine.run(uniqPerDay));
    await eventLog.appendEvents(twoDayDataset(PROJECT));
    await eventLog.appendEvents(twoDayDataset(PROJECT + 1));
    expect(rowTable(await queryEngine.run(uniqPerDay))).toEqual(before);
  });

  if (provides('people')) {
    it("answers anew after a device link merges a person's events, and after a user's deletion", async () => {
      const { eventLog, queryEngine, people } = ports();
      await eventLog.appendEvents(twoDayDataset(PROJECT));
      expect(rowTable(await queryEngine.run(uniqPerDay))).toEqual({ '$pageview 2024-03-10': 3, '$pageview 2024-03-11': 1 });
      expect((await queryEngine.run(signupFunnel))[0]?.steps.map((step) => step.people)).toEqual([3, 1]);

      await people.linkDevice(PROJECT, 'd9', 'u2');
      expect(rowTable(await queryEngine.run(uniqPerDay))).toEqual({ '$pageview 2024-03-10': 2, '$pageview 2024-03-11': 1 });
      expect((await queryEngine.run(signupFunnel))[0]?.steps.map((step) => step.people)).toEqual([2, 1]);

      await people.deleteUser(PROJECT, 'u2');
      expect(rowTable(await queryEngine.run(uniqPerDay))).toEqual({ '$pageview 2024-03-10': 1, '$pageview 2024-03-11': 1 });
      expect((await queryEngine.run(signupFunnel))[0]?.steps.map((step) => step.people)).toEqual([1, 0]);
    });
  }

  if (durable()) {
    it('answers anew after another process on the same data appended events', async () => {
      const { eventLog, queryEngine } = ports();
      await eventLog.appendEvents(twoDayDataset(PROJECT));
      expect(rowTable(await queryEngine.run(uniqPerDay))).toEqual({ '$pageview 2024-03-10': 3, '$pageview 2024-03-11': 1 });
      const other = await reopen();
      try {
        expect(rowTable(await other.queryEngine.run(uniqPerDay))).toEqual({ '$pageview 2024-03-10': 3, '$pageview 2024-03-11': 1 });
        await other.eventLog.appendEvents([storedEvent(8, { project_id: PROJECT, user_id: 'u8', timestamp: DAY1 + HOUR })]);
      } finally {
        await other.dispose();
      }
      expect(rowTable(await queryEngine.run(uniqPerDay))).toEqual({ '$pageview 2024-03-10': 4, '$pageview 2024-03-11': 1 });
    });
  }
}
