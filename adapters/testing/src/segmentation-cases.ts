import { expect, it } from 'vitest';
import type { ConformanceContext } from './conformance-context.js';
import { DAY1, DAY2, storedEvent, twoDayDataset } from './dataset.js';
import { pageviews as query } from './event-log-cases.js';
import { sortRows } from './sort-rows.js';

/** Segmentation basics over `dataset.ts`: people, requested events only, UTC days, the range bounds. */
export function segmentationCases({ ports }: ConformanceContext): void {
  it('counts distinct people (user_id, else device_id) for uniq and events for total, per UTC day', async () => {
    const { eventLog, queryEngine } = ports();
    await eventLog.appendEvents([...twoDayDataset(1), ...twoDayDataset(2)]);
    const both = { events: ['$pageview', 'signup'] };
    expect(sortRows(await queryEngine.run(query({ ...both, metric: 'uniq' })))).toEqual([
      { event: '$pageview', bucket: '2024-03-10', value: 3 },
      { event: '$pageview', bucket: '2024-03-11', value: 1 },
      { event: 'signup', bucket: '2024-03-11', value: 1 },
    ]);
    expect(sortRows(await queryEngine.run(query({ ...both, metric: 'total' })))).toEqual([
      { event: '$pageview', bucket: '2024-03-10', value: 4 },
      { event: '$pageview', bucket: '2024-03-11', value: 1 },
      { event: 'signup', bucket: '2024-03-11', value: 1 },
    ]);
  });

  it('returns only the requested events and only non-empty buckets', async () => {
    const { eventLog, queryEngine } = ports();
    await eventLog.appendEvents(twoDayDataset(1));
    expect(await queryEngine.run(query({ events: ['signup'], metric: 'uniq' }))).toEqual([{ event: 'signup', bucket: '2024-03-11', value: 1 }]);
    expect(await queryEngine.run(query({ events: ['never-sent'] }))).toEqual([]);
  });

  it('puts 23:59:59.999Z in its own day and 00:00:00.000Z in the next', async () => {
    const { eventLog, queryEngine } = ports();
    await eventLog.appendEvents([storedEvent(1, { timestamp: DAY2 - 1 }), storedEvent(2, { timestamp: DAY2 })]);
    expect(sortRows(await queryEngine.run(query()))).toEqual([
      { event: '$pageview', bucket: '2024-03-10', value: 1 },
      { event: '$pageview', bucket: '2024-03-11', value: 1 },
    ]);
  });

  it('includes events at `from` and excludes events before it or at `to`', async () => {
    const { eventLog, queryEngine } = ports();
    await eventLog.appendEvents([
      storedEvent(1, { timestamp: DAY1 - 1 }),
      storedEvent(2, { timestamp: DAY1 }),
      storedEvent(3, { timestamp: DAY2 - 1 }),
      storedEvent(4, { timestamp: DAY2 }),
    ]);
    expect(await queryEngine.run(query({ from: DAY1, to: DAY2 }))).toEqual([{ event: '$pageview', bucket: '2024-03-10', value: 2 }]);
  });

  it('treats ids that differ only in case or accents as different people', async () => {
    const { eventLog, queryEngine } = ports();
    await eventLog.appendEvents(['user', 'User', 'usér', 'user '].map((id, n) => storedEvent(n + 1, { user_id: id })));
    expect(await queryEngine.run(query({ metric: 'uniq' }))).toEqual([{ event: '$pageview', bucket: '2024-03-10', value: 4 }]);
  });
}
