import { expect, it } from 'vitest';
import type { AggregateQuery, EngineQuery } from '@northstar/server';
import type { ConformanceContext } from './conformance-context.js';
import { FROM, PROJECT, TO, loadEvents, loadFixture } from './fixture.js';
import { rowTable } from './row-table.js';

function query(overrides: Partial<AggregateQuery> = {}): EngineQuery & { kind: 'segmentation' } {
  return { kind: 'segmentation', projectId: PROJECT, events: ['view'], metric: 'total', interval: 'day', from: FROM, to: TO, ...overrides };
}

/**
 * Segmentation metrics and intervals over the fixture (see fixture.ts for who is who). Cases whose
 * answers depend on the fixture's device links need `people`.
 */
export function aggregateCases({ adapter, ports, provides }: ConformanceContext): void {
  if (provides('people')) {
    it('counts events and people per UTC day, a device linked after its events counting as its user', async () => {
      const { queryEngine } = ports();
      await loadFixture(adapter());
      const both = { events: ['view', 'buy'] };
      expect(rowTable(await queryEngine.run(query(both)))).toEqual({
        'view 2024-02-29': 1,
        'view 2024-03-01': 4,
        'view 2024-03-10': 2,
        'view 2024-03-11': 2,
        'buy 2024-03-01': 3,
        'buy 2024-03-10': 1,
        'buy 2024-03-11': 1,
      });
      expect(rowTable(await queryEngine.run(query({ ...both, metric: 'uniq' })))).toEqual({
        'view 2024-02-29': 1,
        'view 2024-03-01': 3,
        'view 2024-03-10': 1,
        'view 2024-03-11': 1,
        'buy 2024-03-01': 2,
        'buy 2024-03-10': 1,
        'buy 2024-03-11': 1,
      });
    });
  }

  if (provides('people')) {
    it('counts an unlinked device as its own person until the link, then merges it, past events included', async () => {
      const { queryEngine, people } = ports();
      await loadEvents(adapter());
      const before = { 'view 2024-02-29': 1, 'view 2024-03-01': 4, 'view 2024-03-10': 2, 'view 2024-03-11': 2 };
      expect(rowTable(await queryEngine.run(query({ metric: 'uniq' })))).toEqual(before);
      expect(rowTable(await queryEngine.run(query({ metric: 'uniq', interval: 'week' })))).toEqual({
        'view 2024-02-26': 4,
        'view 2024-03-04': 2,
        'view 2024-03-11': 2,
      });
      expect(await people.linkDevice(PROJECT, 'dev-a1', 'alice')).toBe('created');
      expect(await people.linkDevice(PROJECT, 'dev-c', 'carol')).toBe('created');
      expect(rowTable(await queryEngine.run(query({ metric: 'uniq' })))).toEqual({
        ...before,
        'view 2024-03-01': 3,
        'view 2024-03-10': 1,
        'view 2024-03-11': 1,
      });
      expect(rowTable(await queryEngine.run(query({ metric: 'uniq', interval: 'week' })))).toEqual({
        'view 2024-02-26': 3,
        'view 2024-03-04': 1,
        'view 2024-03-11': 1,
      });
      expect(rowTable(await queryEngine.run(query({ metric: 'total' })))).toEqual(before);
    });
  }

  it('changes nothing when a batch is retried whole', async () => {
    const { queryEngine } = ports();
    await loadFixture(adapter());
    const metrics = ['total', 'uniq'] as const;
    const first = await Promise.all(metrics.map(async (metric) => rowTable(await queryEngine.run(query({ events: ['view', 'buy'], metric })))));
    await loadFixture(adapter());
    const again = await Promise.all(metrics.map(async (metric) => rowTable(await queryEngine.run(query({ events: ['view', 'buy'], metric })))));
    expect(again).toEqual(first);
  });

  if (provides('people')) {
    it('buckets by Monday-based week and by calendar month, across a month boundary', async () => {
      const { queryEngine } = ports();
      await loadFixture(adapter());
      const both = { events: ['view', 'buy'] };
      expect(rowTable(await queryEngine.run(query({ ...both, interval: 'week' })))).toEqual({
        'view 2024-02-26': 5,
        'view 2024-03-04': 2,
        'view 2024-03-11': 2,
        'buy 2024-02-26': 3,
        'buy 2024-03-04': 1,
        'buy 2024-03-11': 1,
      });
      expect(rowTable(await queryEngine.run(query({ ...both, interval: 'week', metric: 'uniq' })))).toEqual({
        'view 2024-02-26': 3,
        'view 2024-03-04': 1,
        'view 2024-03-11': 1,
        'buy 2024-02-26': 2,
        'buy 2024-03-04': 1,
        'buy 2024-03-11': 1,
      });
      expect(rowTable(await queryEngine.run(query({ ...both, interval: 'month' })))).toEqual({
        'view 2024-02-01': 1,
        'view 2024-03-01': 8,
        'buy 2024-03-01': 5,
      });
      expect(rowTable(await queryEngine.run(query({ ...both, interval: 'month', metric: 'uniq' })))).toEqual({
        'view 2024-02-01': 1,
        'view 2024-03-01': 4,
        'buy 2024-03-01': 3,
      });
    });
  }

  it('buckets by UTC hour', async () => {
    const { queryEngine } = ports();
    await loadFixture(adapter());
    const day = { from: Date.parse('2024-03-01T00:00:00Z'), to: Date.parse('2024-03-02T00:00:00Z'), interval: 'hour' as const };
    expect(rowTable(await queryEngine.run(query(day)))).toEqual({
      'view 2024-03-01T00:00:00+00:00': 1,
      'view 2024-03-01T10:00:00+00:00': 2,
      'view 2024-03-01T11:00:00+00:00': 1,
    });
    expect(rowTable(await queryEngine.run(query({ ...day, events: ['buy'], metric: 'uniq' })))).toEqual({
      'buy 2024-03-01T12:00:00+00:00': 1,
      'buy 2024-03-01T13:00:00+00:00': 1,
      'buy 2024-03-01T14:00:00+00:00': 1,
    });
  });

  it('sums, averages and takes the min and max of a numeric property, skipping events without it', async () => {
    const { queryEngine } = ports();
    await loadFixture(adapter());
    const load = { property: 'load_ms' };
    expect(rowTable(await queryEngine.run(query({ ...load, metric: 'sum' })))).toEqual({
      'view 2024-02-29': 100,
      'view 2024-03-01': 600,
      'view 2024-03-10': 400,
      'view 2024-03-11': 250,
    });
    expect(rowTable(await queryEngine.run(query({ ...load, metric: 'avg' })))).toEqual({
      'view 2024-02-29': 100,
      'view 2024-03-01': 200,
      'view 2024-03-10': 400,
      'view 2024-03-11': 250,
    });
    expect(rowTable(await queryEngine.run(query({ ...load, metric: 'min', interval: 'month' })))).toEqual({ 'view 2024-02-01': 100, 'view 2024-03-01': 100 });
    expect(rowTable(await queryEngine.run(query({ ...load, metric: 'max', interval: 'month' })))).toEqual({ 'view 2024-02-01': 100, 'view 2024-03-01': 400 });
    const price = { events: ['buy'], property: 'price' };
    expect(rowTable(await queryEngine.run(query({ ...price, metric: 'sum', interval: 'week' })))).toEqual({
      'buy 2024-02-26': 24.75,
      'buy 2024-03-04': 10,
      'buy 2024-03-11': 100,
    });
    expect(rowTable(await queryEngine.run(query({ ...price, metric: 'avg' })))).toEqual({
      'buy 2024-03-01': 12.375,
      'buy 2024-03-10': 10,
      'buy 2024-03-11': 100,
    });
    expect(await queryEngine.run(query({ metric: 'sum', property: 'no_such_property' }))).toEqual([]);
  });

  it('keeps projects apart: same uuids and devices elsewhere change nothing', async () => {
    const { eventLog, queryEngine } = ports();
    await loadFixture(adapter());
    expect(rowTable(await queryEngine.run(query({ projectId: 11, metric: 'uniq' })))).toEqual({ 'view 2024-03-01': 1 });
    expect(rowTable(await queryEngine.run(query({ projectId: 11, metric: 'max', property: 'load_ms' })))).toEqual({ 'view 2024-03-01': 9999 });
    expect(await queryEngine.run(query({ projectId: 12, events: ['view', 'buy'] }))).toEqual([]);
    expect((await eventLog.getEvent(PROJECT, BATCH_UUID_3))?.user_id).toBe('alice');
    expect((await eventLog.getEvent(11, BATCH_UUID_3))?.device_id).toBe('dev-a1');
  });
}

const BATCH_UUID_3 = '01890000-0000-7000-8000-000000000003';
