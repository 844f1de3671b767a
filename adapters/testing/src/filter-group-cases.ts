import { expect, it } from 'vitest';
import type { AggregateQuery, EngineQuery, PropertyFilter } from '@northstar/server';
import type { ConformanceContext } from './conformance-context.js';
import { FROM, LONG_VALUE, PROJECT, TO, WEIRD_KEY, loadFixture } from './fixture.js';
import { rowTable } from './row-table.js';
import { storedEvent } from './dataset.js';

function query(overrides: Partial<AggregateQuery> = {}): EngineQuery & { kind: 'segmentation' } {
  return { kind: 'segmentation', projectId: PROJECT, events: ['view'], metric: 'total', interval: 'day', from: FROM, to: TO, ...overrides };
}

const FILTERS: [string, PropertyFilter[], Record<string, number>][] = [
  ['eq on a string, case-sensitive', [{ property: 'plan', op: 'eq', value: 'pro' }], { 'view 2024-02-29': 1, 'view 2024-03-01': 1 }],
  [
    'neq on a string, events without it included',
    [{ property: 'plan', op: 'neq', value: 'pro' }],
    { 'view 2024-03-01': 3, 'view 2024-03-10': 2, 'view 2024-03-11': 2 },
  ],
  ['contains with an emoji', [{ property: 'page', op: 'contains', value: '☕' }], { 'view 2024-03-01': 1 }],
  [
    'contains, case-sensitive',
    [{ property: 'page', op: 'contains', value: 'home' }],
    { 'view 2024-02-29': 1, 'view 2024-03-01': 2, 'view 2024-03-10': 2, 'view 2024-03-11': 1 },
  ],
  ['contains matching no case-folded value', [{ property: 'page', op: 'contains', value: 'HOME' }], {}],
  ['gt on a number', [{ property: 'load_ms', op: 'gt', value: 150 }], { 'view 2024-03-01': 2, 'view 2024-03-10': 1, 'view 2024-03-11': 1 }],
  ['lt on a number', [{ property: 'load_ms', op: 'lt', value: 150 }], { 'view 2024-02-29': 1, 'view 2024-03-01': 1 }],
  ['eq on a number', [{ property: 'load_ms', op: 'eq', value: 200 }], { 'view 2024-03-01': 1 }],
  ['neq on a number', [{ property: 'load_ms', op: 'neq', value: 100 }], { 'view 2024-03-01': 3, 'view 2024-03-10': 2, 'view 2024-03-11': 2 }],
  [
    'is_set on a numeric key',
    [{ property: 'load_ms', op: 'is_set' }],
    { 'view 2024-02-29': 1, 'view 2024-03-01': 3, 'view 2024-03-10': 1, 'view 2024-03-11': 1 },
  ],
  ['is_set on a string key', [{ property: 'plan', op: 'is_set' }], { 'view 2024-02-29': 1, 'view 2024-03-01': 3, 'view 2024-03-10': 1, 'view 2024-03-11': 1 }],
  ['eq on a key with quotes, a backslash, dots and brackets', [{ property: WEIRD_KEY, op: 'eq', value: 'x' }], { 'view 2024-03-01': 1 }],
  ['eq on a value at the length cap', [{ property: 'page', op: 'eq', value: LONG_VALUE }], { 'view 2024-03-11': 1 }],
  ['a string value never matching a numeric property', [{ property: 'load_ms', op: 'eq', value: '100' }], {}],
  [
    'two filters, both required',
    [
      { property: 'plan', op: 'eq', value: 'free' },
      { property: 'load_ms', op: 'gt', value: 200 },
    ],
    { 'view 2024-03-01': 1, 'view 2024-03-11': 1 },
  ],
];

/** Property filters and group-by over the fixture (see fixture.ts); counting people by the fixture's links needs `people`. */
export function filterGroupCases({ adapter, ports, provides }: ConformanceContext): void {
  it.each(FILTERS)('filters with %s', async (_name, filters, expected) => {
    const { queryEngine } = ports();
    await loadFixture(adapter());
    expect(rowTable(await queryEngine.run(query({ filters })))).toEqual(expected);
  });

  if (provides('people')) {
    it('filters people and numeric metrics too', async () => {
      const { queryEngine } = ports();
      await loadFixture(adapter());
      const free: PropertyFilter[] = [{ property: 'plan', op: 'eq', value: 'free' }];
      expect(rowTable(await queryEngine.run(query({ filters: free, metric: 'uniq', interval: 'week' })))).toEqual({
        'view 2024-02-26': 2,
        'view 2024-03-11': 1,
      });
      expect(rowTable(await queryEngine.run(query({ filters: free, metric: 'sum', property: 'load_ms', interval: 'month' })))).toEqual({
        'view 2024-03-01': 550,
      });
    });
  }

  it('groups by a string property and keeps the top N groups by total over the range', async () => {
    const { queryEngine } = ports();
    await loadFixture(adapter());
    // totals over the range: free 3, (none) 3, pro 2, Pro 1; a tie puts the null group last
    expect(rowTable(await queryEngine.run(query({ groupBy: { property: 'plan', limit: 2 } })))).toEqual({
      'view 2024-03-01 free': 2,
      'view 2024-03-11 free': 1,
      'view 2024-03-01 ∅': 1,
      'view 2024-03-10 ∅': 1,
      'view 2024-03-11 ∅': 1,
    });
    const rows = await queryEngine.run(query({ groupBy: { property: 'plan', limit: 1 } }));
    expect(rows.every((row) => row.group === 'free')).toBe(true);
  });

  if (provides('people')) {
    it('ranks groups by distinct people over the range, ties in code-point order', async () => {
      const { queryEngine } = ports();
      await loadFixture(adapter());
      // people over the range: (none) 3, free 2 (alice twice, bob), pro 1, Pro 1 (carol): "Pro" < "pro"
      expect(rowTable(await queryEngine.run(query({ metric: 'uniq', groupBy: { property: 'plan', limit: 3 } })))).toEqual({
        'view 2024-03-01 ∅': 1,
        'view 2024-03-10 ∅': 1,
        'view 2024-03-11 ∅': 1,
        'view 2024-03-01 free': 2,
        'view 2024-03-11 free': 1,
        'view 2024-03-10 Pro': 1,
      });
    });
  }

  it('counts no person for the events of nobody, in a group’s ranking as in its buckets', async () => {
    const { eventLog, queryEngine } = ports();
    const at = Date.UTC(2024, 2, 1, 12);
    const view = (n: number, user: string | null, plan: string) =>
      storedEvent(n, { project_id: PROJECT, event_name: 'seen', user_id: user, device_id: null, timestamp: at + n, str_properties: { plan } });
    // people per plan: b 2 (u1, u2), a 1 (u3) and 3 events of nobody, which no engine counts as a person
    await eventLog.appendEvents([view(1, 'u1', 'b'), view(2, 'u2', 'b'), view(3, 'u3', 'a'), view(4, null, 'a'), view(5, null, 'a'), view(6, null, 'a')]);
    const grouped = query({ events: ['seen'], metric: 'uniq', groupBy: { property: 'plan', limit: 1 } });
    expect(rowTable(await queryEngine.run(grouped))).toEqual({ 'seen 2024-03-01 b': 2 });
    expect(rowTable(await queryEngine.run({ ...grouped, groupBy: { property: 'plan', limit: 2 } }))).toEqual({
      'seen 2024-03-01 b': 2,
      'seen 2024-03-01 a': 1,
    });
  });

  it('ranks groups of each event separately, by the sum of a property', async () => {
    const { queryEngine } = ports();
    await loadFixture(adapter());
    const grouped = query({ events: ['buy', 'view'], metric: 'sum', property: 'price', groupBy: { property: 'plan', limit: 1 } });
    expect(rowTable(await queryEngine.run(grouped))).toEqual({ 'buy 2024-03-01 pro': 19.5, 'buy 2024-03-11 pro': 100 });
    const both = query({ events: ['buy', 'view'], interval: 'month', groupBy: { property: 'plan', limit: 1 } });
    expect(rowTable(await queryEngine.run(both))).toEqual({ 'buy 2024-03-01 free': 2, 'view 2024-03-01 free': 3 });
  });

  it('groups by a property whose values are long and full of emoji', async () => {
    const { queryEngine } = ports();
    await loadFixture(adapter());
    const rows = await queryEngine.run(
      query({ interval: 'month', filters: [{ property: 'page', op: 'contains', value: '🎉' }], groupBy: { property: 'page', limit: 5 } }),
    );
    expect(rows).toEqual([{ event: 'view', bucket: '2024-03-01', group: LONG_VALUE, rank: 1, value: 1 }]);
  });
}
