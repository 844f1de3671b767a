import { expect, it } from 'vitest';
import type { AggregateQuery, EngineQuery, StoredEvent } from '@northstar/server';
import type { ConformanceContext } from './conformance-context.js';
import { uuidNo } from './dataset.js';
import { rowTable } from './row-table.js';

const PROJECT = 31;
const FROM = Date.parse('2026-01-05T00:00:00Z');
const TO = Date.parse('2026-01-09T00:00:00Z');

let next = 2000;
function load(day: string, user: string | null, ms?: number, plan?: string, device: string | null = null): StoredEvent {
  const at = Date.parse(`${day}T12:00:00Z`) + next;
  return {
    uuid: uuidNo(next++),
    project_id: PROJECT,
    event_name: 'load',
    user_id: user,
    device_id: device,
    session_id: null,
    timestamp: at,
    str_properties: plan === undefined ? {} : { plan },
    num_properties: ms === undefined ? {} : { ms },
    received_at: at,
  };
}

/**
 * Four days of `load` events with a numeric `ms`: 2026-01-05 the values 1–10 (u1 on plan pro: 5, 1, 4;
 * u2 and u3 on plan free), 01-06 30, 10, 20 (u1, then device dev-m twice) and one event without `ms` (u5),
 * 01-07 2, 2, 2, 5 (u4), 01-08 −1.5 and 0.25 (u1).
 */
const EVENTS: StoredEvent[] = [
  ...[5, 1, 4].map((ms) => load('2026-01-05', 'u1', ms, 'pro')),
  ...[2, 3, 10].map((ms) => load('2026-01-05', 'u2', ms, 'free')),
  ...[9, 8, 7, 6].map((ms) => load('2026-01-05', 'u3', ms, 'free')),
  load('2026-01-06', 'u1', 30),
  load('2026-01-06', null, 10, undefined, 'dev-m'),
  load('2026-01-06', null, 20, undefined, 'dev-m'),
  load('2026-01-06', 'u5'),
  ...[2, 2, 2, 5].map((ms) => load('2026-01-07', 'u4', ms)),
  ...[-1.5, 0.25].map((ms) => load('2026-01-08', 'u1', ms)),
];

function query(overrides: Partial<AggregateQuery>): EngineQuery & { kind: 'segmentation' } {
  return { kind: 'segmentation', projectId: PROJECT, events: ['load'], metric: 'total', interval: 'day', from: FROM, to: TO, ...overrides };
}

/** Nearest-rank percentiles (the value at rank ⌈p·n/100⌉) and events per person. */
export function percentileCases({ ports, provides }: ConformanceContext): void {
  it('takes nearest-rank percentiles of a numeric property per bucket, skipping events without it', async () => {
    const { eventLog, queryEngine } = ports();
    await eventLog.appendEvents(EVENTS);
    const ms = { property: 'ms' };
    expect(rowTable(await queryEngine.run(query({ ...ms, metric: 'p50' })))).toEqual({
      'load 2026-01-05': 5,
      'load 2026-01-06': 20,
      'load 2026-01-07': 2,
      'load 2026-01-08': -1.5,
    });
    expect(rowTable(await queryEngine.run(query({ ...ms, metric: 'p90' })))).toEqual({
      'load 2026-01-05': 9,
      'load 2026-01-06': 30,
      'load 2026-01-07': 5,
      'load 2026-01-08': 0.25,
    });
    expect(rowTable(await queryEngine.run(query({ ...ms, metric: 'p99' })))).toEqual({
      'load 2026-01-05': 10,
      'load 2026-01-06': 30,
      'load 2026-01-07': 5,
      'load 2026-01-08': 0.25,
    });
    // the week's 19 values: rank 10 is 5, rank 18 is 20, rank 19 is 30
    const week = { ...ms, interval: 'week' as const };
    expect(rowTable(await queryEngine.run(query({ ...week, metric: 'p50' })))).toEqual({ 'load 2026-01-05': 5 });
    expect(rowTable(await queryEngine.run(query({ ...week, metric: 'p90' })))).toEqual({ 'load 2026-01-05': 20 });
    expect(rowTable(await queryEngine.run(query({ ...week, metric: 'p99' })))).toEqual({ 'load 2026-01-05': 30 });
    expect(await queryEngine.run(query({ metric: 'p50', property: 'no_such_property' }))).toEqual([]);
  });

  it('ranks groups by the percentile over the whole range', async () => {
    const { eventLog, queryEngine } = ports();
    await eventLog.appendEvents(EVENTS);
    // p50 over the range: free 7 (of 2, 3, 6–10), pro 4 (of 1, 4, 5), no plan 2 (of nine values)
    const grouped = query({ metric: 'p50', property: 'ms', interval: 'week', groupBy: { property: 'plan', limit: 2 } });
    const rows = await queryEngine.run(grouped);
    expect(rowTable(rows)).toEqual({ 'load 2026-01-05 free': 7, 'load 2026-01-05 pro': 4 });
    expect(Object.fromEntries(rows.map((row) => [row.group, row.rank]))).toEqual({ free: 1, pro: 2 });
    expect(rowTable(await queryEngine.run({ ...grouped, groupBy: { property: 'plan', limit: 3 } }))).toEqual({
      'load 2026-01-05 free': 7,
      'load 2026-01-05 pro': 4,
      'load 2026-01-05 ∅': 2,
    });
  });

  it('divides events by people for per_user', async () => {
    const { eventLog, queryEngine } = ports();
    await eventLog.appendEvents(EVENTS);
    expect(rowTable(await queryEngine.run(query({ metric: 'per_user' })))).toEqual({
      'load 2026-01-05': 10 / 3,
      'load 2026-01-06': 4 / 3,
      'load 2026-01-07': 4,
      'load 2026-01-08': 2,
    });
    expect(rowTable(await queryEngine.run(query({ metric: 'per_user', interval: 'week' })))).toEqual({ 'load 2026-01-05': 20 / 6 });
  });

  if (provides('people')) {
    it('counts a device linked by identify as its user for per_user', async () => {
      const { eventLog, queryEngine, people } = ports();
      await eventLog.appendEvents(EVENTS);
      await people.linkDevice(PROJECT, 'dev-m', 'u1');
      expect(rowTable(await queryEngine.run(query({ metric: 'per_user' })))).toMatchObject({ 'load 2026-01-06': 2 });
      expect(rowTable(await queryEngine.run(query({ metric: 'per_user', interval: 'week' })))).toEqual({ 'load 2026-01-05': 4 });
    });
  }
}
