import { expect } from 'vitest';
import type { AggregateQuery, EventStore, PropertyFilter } from '@northstar/server';
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
  return all;
}

/** Expects `actual` to answer every query of the battery, and the people reads, exactly as `expected` does. */
export async function expectSameAnswers(actual: EventStore, expected: EventStore, projectIds: readonly number[]): Promise<void> {
  for (const projectId of projectIds) {
    for (const query of queries(projectId)) {
      const label = `project ${projectId}: ${JSON.stringify({ ...query, events: undefined, projectId: undefined })}`;
      expect(rowTable(await actual.aggregate(query)), label).toEqual(rowTable(await expected.aggregate(query)));
    }
    expect(await actual.listUsers({ projectId, limit: 1000 }), `users of ${projectId}`).toEqual(await expected.listUsers({ projectId, limit: 1000 }));
    expect(await actual.listEvents({ projectId, limit: 1000 }), `events of ${projectId}`).toEqual(await expected.listEvents({ projectId, limit: 1000 }));
  }
}
