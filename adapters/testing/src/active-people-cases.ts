import { expect, it } from 'vitest';
import type { AggregateQuery, EngineQuery, StoredEvent } from '@northstar/server';
import type { ConformanceContext } from './conformance-context.js';
import { uuidNo } from './dataset.js';
import { rowTable } from './row-table.js';
import { zonedRange } from './zone-dataset.js';

const PROJECT = 32;

let next = 3000;
function open(iso: string, user: string | null, plan?: string, device: string | null = null): StoredEvent {
  const at = Date.parse(iso);
  return {
    uuid: uuidNo(next++),
    project_id: PROJECT,
    event_name: 'open',
    user_id: user,
    device_id: device,
    session_id: null,
    timestamp: at,
    str_properties: plan === undefined ? {} : { plan },
    num_properties: {},
    received_at: at,
  };
}

/**
 * Who opened the app when (12:00 UTC unless said): p1 (plan pro) on 2026-01-01, 01-05 and 01-20; p2
 * (free) on 01-03; device dev-p3 (free, linked to p3 only in one case) on 01-10 and user p3 (free) on
 * 01-12; p4 (free) on 2025-12-10, before the range; p5 (no plan) at 2026-01-31T23:30Z, which is
 * February 1st in Berlin.
 */
const EVENTS: StoredEvent[] = [
  open('2026-01-01T12:00:00Z', 'p1', 'pro'),
  open('2026-01-05T12:00:00Z', 'p1', 'pro'),
  open('2026-01-20T12:00:00Z', 'p1', 'pro'),
  open('2026-01-03T12:00:00Z', 'p2', 'free'),
  open('2026-01-10T12:00:00Z', null, 'free', 'dev-p3'),
  open('2026-01-12T12:00:00Z', 'p3', 'free'),
  open('2025-12-10T12:00:00Z', 'p4', 'free'),
  open('2026-01-31T23:30:00Z', 'p5'),
];

function query(overrides: Partial<AggregateQuery>, timeZone = 'UTC'): EngineQuery & { kind: 'segmentation' } {
  return {
    kind: 'segmentation',
    projectId: PROJECT,
    events: ['open'],
    metric: 'dau',
    interval: 'day',
    timeZone,
    ...zonedRange(timeZone, '2026-01-01', '2026-01-31'),
    ...overrides,
  };
}

/** `dau` / `wau` / `mau`: distinct people active in the trailing 1 / 7 / 30 local days ending at each bucket's last day in the range. */
export function activePeopleCases({ ports, provides }: ConformanceContext): void {
  it('counts the people of each day for dau', async () => {
    const { eventLog, queryEngine } = ports();
    await eventLog.appendEvents(EVENTS);
    const daily = {
      'open 2026-01-01': 1,
      'open 2026-01-03': 1,
      'open 2026-01-05': 1,
      'open 2026-01-10': 1,
      'open 2026-01-12': 1,
      'open 2026-01-20': 1,
      'open 2026-01-31': 1,
    };
    expect(rowTable(await queryEngine.run(query({})))).toEqual(daily);
    expect(rowTable(await queryEngine.run(query({ metric: 'uniq' })))).toEqual(daily);
  });

  it('counts the people of the trailing 7 days for wau, per day and at the last day of each week in the range', async () => {
    const { eventLog, queryEngine } = ports();
    await eventLog.appendEvents(EVENTS);
    const days = rowTable(await queryEngine.run(query({ metric: 'wau' })));
    expect(days).toMatchObject({
      'open 2026-01-01': 1,
      'open 2026-01-03': 2,
      'open 2026-01-09': 2,
      'open 2026-01-10': 2,
      'open 2026-01-16': 2,
      'open 2026-01-17': 1,
    });
    expect(days).toMatchObject({ 'open 2026-01-18': 1, 'open 2026-01-20': 1, 'open 2026-01-26': 1, 'open 2026-01-31': 1 });
    for (const empty of ['2026-01-19', '2026-01-27', '2026-01-30']) expect(days).not.toHaveProperty(`open ${empty}`);
    // weeks end on Sunday 01-04, 01-11, 01-18, 01-25, and the last one on the range's end, Saturday 01-31
    expect(rowTable(await queryEngine.run(query({ metric: 'wau', interval: 'week' })))).toEqual({
      'open 2025-12-29': 2,
      'open 2026-01-05': 2,
      'open 2026-01-12': 1,
      'open 2026-01-19': 1,
      'open 2026-01-26': 1,
    });
  });

  it('counts the people of the trailing 30 days for mau, events before the range included', async () => {
    const { eventLog, queryEngine } = ports();
    await eventLog.appendEvents(EVENTS);
    const days = rowTable(await queryEngine.run(query({ metric: 'mau' })));
    // p4's 2025-12-10 is inside the windows ending up to 2026-01-08
    expect(days).toMatchObject({ 'open 2026-01-01': 2, 'open 2026-01-08': 3, 'open 2026-01-09': 2, 'open 2026-01-31': 5 });
    expect(rowTable(await queryEngine.run(query({ metric: 'mau', interval: 'month' })))).toEqual({ 'open 2026-01-01': 5 });
  });

  it('counts a person in every window that holds one of their days, and in none between: days 7 and 8 apart for wau', async () => {
    const { eventLog, queryEngine } = ports();
    // and an event of nobody (no user, no device), which no engine counts as a person
    const nobody = open('2026-01-14T12:00:00Z', null);
    await eventLog.appendEvents([open('2026-01-10T12:00:00Z', 'p7'), open('2026-01-17T12:00:00Z', 'p7'), open('2026-01-25T12:00:00Z', 'p7'), nobody]);
    const day = (d: number) => `open 2026-01-${String(d).padStart(2, '0')}`;
    const active = (from: number, to: number) => Object.fromEntries(Array.from({ length: to - from + 1 }, (_, i) => [day(from + i), 1]));
    expect(rowTable(await queryEngine.run(query({ metric: 'wau' })))).toEqual({ ...active(10, 23), ...active(25, 31) });
    expect(rowTable(await queryEngine.run(query({ metric: 'dau' })))).toEqual({ [day(10)]: 1, [day(17)]: 1, [day(25)]: 1 });
    expect(rowTable(await queryEngine.run(query({ metric: 'mau' })))).toEqual(active(10, 31));
    // the same days in Berlin (read from the events, not the UTC rollup)
    expect(rowTable(await queryEngine.run(query({ metric: 'dau' }, 'Europe/Berlin')))).toEqual({ [day(10)]: 1, [day(17)]: 1, [day(25)]: 1 });
    expect(rowTable(await queryEngine.run(query({ metric: 'wau' }, 'Europe/Berlin')))).toEqual({ ...active(10, 23), ...active(25, 31) });
  });

  it('ends the windows at local midnight of the query zone', async () => {
    const { eventLog, queryEngine } = ports();
    await eventLog.appendEvents(EVENTS);
    // in Berlin p5's event is on February 1st: outside the range
    expect(rowTable(await queryEngine.run(query({ metric: 'mau', interval: 'month' }, 'Europe/Berlin')))).toEqual({ 'open 2026-01-01': 4 });
    expect(rowTable(await queryEngine.run(query({ metric: 'wau', interval: 'week' }, 'Europe/Berlin')))).toMatchObject({ 'open 2026-01-19': 1 });
    expect(rowTable(await queryEngine.run(query({ metric: 'wau', interval: 'week' }, 'Europe/Berlin')))).not.toHaveProperty('open 2026-01-26');
  });

  it('filters the activity and groups it, ranking groups by the people active in any window', async () => {
    const { eventLog, queryEngine } = ports();
    await eventLog.appendEvents(EVENTS);
    const pro = [{ property: 'plan', op: 'eq' as const, value: 'pro' }];
    expect(rowTable(await queryEngine.run(query({ metric: 'wau', interval: 'week', filters: pro })))).toEqual({
      'open 2025-12-29': 1,
      'open 2026-01-05': 1,
      'open 2026-01-19': 1,
    });
    // since 01-02: free p2, dev-p3 and p3 (3), pro p1 (1), no plan p5 (1, last on the tie)
    const rows = await queryEngine.run(query({ metric: 'mau', interval: 'month', groupBy: { property: 'plan', limit: 2 } }));
    expect(rowTable(rows)).toEqual({ 'open 2026-01-01 free': 3, 'open 2026-01-01 pro': 1 });
    expect(Object.fromEntries(rows.map((row) => [row.group, row.rank]))).toEqual({ free: 1, pro: 2 });
  });

  if (provides('people')) {
    it('counts a device linked by identify as its user in every window', async () => {
      const { eventLog, queryEngine, people } = ports();
      await eventLog.appendEvents(EVENTS);
      await people.linkDevice(PROJECT, 'dev-p3', 'p3');
      expect(rowTable(await queryEngine.run(query({ metric: 'mau', interval: 'month' })))).toEqual({ 'open 2026-01-01': 4 });
      expect(rowTable(await queryEngine.run(query({ metric: 'wau' })))).toMatchObject({ 'open 2026-01-12': 1, 'open 2026-01-16': 1 });
    });
  }
}
