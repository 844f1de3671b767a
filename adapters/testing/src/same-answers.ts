import { expect } from 'vitest';
import { zonedDayStart } from '@northstar/core';
import type { AggregateQuery, AggregateRow, PersonStore, PropertyFilter, QueryEngine } from '@northstar/server';
import { FROM, LONG_NAME, TO } from './fixture.js';
import { rowTable } from './row-table.js';

const HOUR = 3_600_000;
const EVENTS = ['view', 'buy', LONG_NAME];

const FILTERS: PropertyFilter[][] = [
  [{ property: 'plan', op: 'eq', value: 'pro' }],
  [{ property: 'page', op: 'neq', value: '/home' }],
  [{ property: 'coupon', op: 'is_set' }],
  [{ property: 'load_ms', op: 'gt', value: 150 }],
];

/** A battery of queries covering every metric, interval, the rollup and raw paths, filters and group-by. */
function queries(projectId: number): AggregateQuery[] {
  const base = { projectId, events: EVENTS, from: FROM, to: TO };
  const all: AggregateQuery[] = [];
  for (const metric of ['total', 'uniq'] as const) {
    for (const interval of ['hour', 'day', 'week', 'month'] as const) {
      all.push({ ...base, metric, interval });
      all.push({ ...base, metric, interval, from: FROM + 3 * HOUR });
    }
    for (const filters of FILTERS) all.push({ ...base, metric, interval: 'day', filters });
    for (const limit of [1, 10]) all.push({ ...base, metric, interval: 'week', groupBy: { property: 'plan', limit } });
  }
  for (const metric of ['sum', 'avg', 'min', 'max'] as const) {
    for (const property of ['load_ms', 'price']) {
      for (const interval of ['day', 'month'] as const) all.push({ ...base, metric, property, interval });
    }
    all.push({ ...base, metric, property: 'price', interval: 'day', groupBy: { property: 'plan', limit: 10 } });
  }
  for (const metric of ['p50', 'p90', 'p99'] as const) all.push({ ...base, metric, property: 'price', interval: 'day' });
  all.push({ ...base, metric: 'p90', property: 'load_ms', interval: 'month', groupBy: { property: 'plan', limit: 2 } });
  all.push({ ...base, metric: 'per_user', interval: 'day', groupBy: { property: 'plan', limit: 2 } });
  all.push({ ...base, metric: 'wau', interval: 'day' }, { ...base, metric: 'mau', interval: 'week', groupBy: { property: 'plan', limit: 2 } });
  // local buckets: New York turns to daylight time on 2024-03-10 inside the range; Kolkata is +05:30
  for (const timeZone of ['America/New_York', 'Asia/Kolkata']) {
    const zoned = { ...base, timeZone, from: zonedDayStart(timeZone, '2024-02-29'), to: zonedDayStart(timeZone, '2024-03-12') };
    all.push({ ...zoned, metric: 'uniq', interval: 'hour' });
    all.push({ ...zoned, metric: 'total', interval: 'week', filters: FILTERS[1] });
    all.push({ ...zoned, metric: 'p90', property: 'load_ms', interval: 'day', groupBy: { property: 'plan', limit: 2 } });
    all.push({ ...zoned, metric: 'wau', interval: 'week' });
  }
  return all;
}

/** The rank of each event's kept groups, `event group` → rank. */
function groupRanks(rows: AggregateRow[]): Record<string, number | undefined> {
  return Object.fromEntries(rows.map((row) => [`${row.event} ${row.group ?? '∅'}`, row.rank]));
}

/** What the comparison reads: a query engine, and the people listing when both sides have a PersonStore. */
export interface AnsweringPorts {
  queryEngine: QueryEngine;
  people?: PersonStore | undefined;
}

/**
 * Expects `actual` to answer every query of the battery, and the listings, exactly as `expected`
 * does; users are compared when both have a PersonStore.
 */
export async function expectSameAnswers(actual: AnsweringPorts, expected: AnsweringPorts, projectIds: readonly number[]): Promise<void> {
  for (const projectId of projectIds) {
    for (const query of queries(projectId)) {
      const label = `project ${projectId}: ${JSON.stringify({ ...query, events: undefined, projectId: undefined })}`;
      const segmentation = { ...query, kind: 'segmentation' } as const;
      const [mine, theirs] = [await actual.queryEngine.run(segmentation), await expected.queryEngine.run(segmentation)];
      expect(rowTable(mine), label).toEqual(rowTable(theirs));
      expect(groupRanks(mine), `ranks of ${label}`).toEqual(groupRanks(theirs));
    }
    if (actual.people && expected.people) {
      expect(await actual.people.listUsers({ projectId, limit: 1000 }), `users of ${projectId}`).toEqual(
        await expected.people.listUsers({ projectId, limit: 1000 }),
      );
    }
    const listing = { kind: 'events', projectId, limit: 1000 } as const;
    expect(await actual.queryEngine.run(listing), `events of ${projectId}`).toEqual(await expected.queryEngine.run(listing));
  }
}
