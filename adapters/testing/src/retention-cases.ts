import { expect, it } from 'vitest';
import type { RetentionCell } from '@northstar/server';
import type { ConformanceContext } from './conformance-context.js';
import { BERLIN_PROJECT, NEW_YORK_PROJECT, loadRetentionDatasets, retentionQuery } from './funnel-dataset.js';

const at = (iso: string) => Date.parse(iso);

/** Cells as `{ 'cohort period': people }`, whatever order the engine answered in. */
function cells(rows: RetentionCell[]): Record<string, number> {
  const entries: [string, number][] = rows.map((row) => [`${row.cohort} ${row.period}`, row.people]);
  return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * Retention over `funnel-dataset.ts` (docs/queries.md "Retention"): cohorts by the first start event in
 * the range, local days and ISO weeks across daylight-saving changes, returns after the range counted,
 * periods beyond `periods` not. The Berlin dataset links a device, so the suite registers these cases only with `people`.
 */
export function retentionCases({ adapter, ports }: ConformanceContext): void {
  it('counts local days in Europe/Berlin across the spring-forward night, returns after the range included', async () => {
    await loadRetentionDatasets(adapter());
    // range 2024-03-30..2024-03-31 in Berlin: [03-29T23:00Z, 03-31T22:00Z)
    const berlin = retentionQuery({
      projectId: BERLIN_PROJECT,
      from: at('2024-03-29T23:00:00.000Z'),
      to: at('2024-03-31T22:00:00.000Z'),
      timeZone: 'Europe/Berlin',
    });
    // r1 (with dev-r3): cohort 03-30, back 03-31 (23:59:59.999 local), 04-01 (00:00 local) and 04-02
    // r2: cohort 03-31 (its 03-29 open is before the range), back 04-02; 04-04 is period 4 of 3
    expect(cells(await ports().queryEngine.run(berlin))).toEqual({
      '2024-03-30 0': 1,
      '2024-03-30 1': 1,
      '2024-03-30 2': 1,
      '2024-03-30 3': 1,
      '2024-03-31 0': 1,
      '2024-03-31 2': 1,
    });
  });

  it('counts the same events by UTC days in UTC', async () => {
    await loadRetentionDatasets(adapter());
    const utc = retentionQuery({ projectId: BERLIN_PROJECT, from: at('2024-03-30T00:00:00.000Z'), to: at('2024-04-01T00:00:00.000Z'), timeZone: 'UTC' });
    // r1's first open in the range is dev-r3's at 03-30T12:00Z; r2's at 03-30T23:00Z
    expect(cells(await ports().queryEngine.run(utc))).toEqual({ '2024-03-30 0': 2, '2024-03-30 1': 1, '2024-03-30 3': 2 });
  });

  it('counts ISO weeks from local Monday midnight in Europe/Berlin', async () => {
    await loadRetentionDatasets(adapter());
    // range 2024-03-25..2024-03-31 (one week); r1 is back at local Monday 04-01 00:00, r2 on 04-02
    const week = retentionQuery({
      projectId: BERLIN_PROJECT,
      from: at('2024-03-24T23:00:00.000Z'),
      to: at('2024-03-31T22:00:00.000Z'),
      timeZone: 'Europe/Berlin',
      period: 'week',
      periods: 1,
    });
    expect(cells(await ports().queryEngine.run(week))).toEqual({ '2024-03-25 0': 2, '2024-03-25 1': 2 });
  });

  it('counts ISO weeks in America/New_York across the fall-back night, with different start and return events', async () => {
    await loadRetentionDatasets(adapter());
    // range 2024-10-28..2024-11-10 in New York: [10-28T04:00Z, 11-11T05:00Z)
    const query = retentionQuery({
      projectId: NEW_YORK_PROJECT,
      from: at('2024-10-28T04:00:00.000Z'),
      to: at('2024-11-11T05:00:00.000Z'),
      timeZone: 'America/New_York',
      period: 'week',
      periods: 2,
      start: { event: 'signup' },
      return: { event: 'open' },
    });
    // week 10-28: w1 (signup Sunday 23:59:59.999 local; back Monday 00:00 and in week 11-11), w2 (open in its own week; week 11-18 is period 3)
    // week 11-04: w3 (back in weeks 11-11 and 11-18, after the range); w4 signed up on Sunday 10-27, before the range
    expect(cells(await ports().queryEngine.run(query))).toEqual({
      '2024-10-28 0': 2,
      '2024-10-28 1': 1,
      '2024-10-28 2': 1,
      '2024-11-04 0': 1,
      '2024-11-04 1': 1,
      '2024-11-04 2': 1,
    });
  });

  it('counts the 25-hour local day of the fall-back night in America/New_York', async () => {
    await loadRetentionDatasets(adapter());
    const day = retentionQuery({
      projectId: NEW_YORK_PROJECT,
      from: at('2024-11-03T04:00:00.000Z'),
      to: at('2024-11-04T05:00:00.000Z'),
      timeZone: 'America/New_York',
      periods: 1,
      start: { event: 'signup' },
      return: { event: 'open' },
    });
    expect(cells(await ports().queryEngine.run(day))).toEqual({ '2024-11-03 0': 1, '2024-11-03 1': 1 });
  });

  it('applies filters and answers nothing without start events', async () => {
    await loadRetentionDatasets(adapter());
    const base = { projectId: NEW_YORK_PROJECT, from: at('2024-10-28T04:00:00.000Z'), to: at('2024-11-11T05:00:00.000Z'), timeZone: 'America/New_York' };
    const none = retentionQuery({ ...base, start: { event: 'signup', filters: [{ property: 'plan', op: 'is_set' }] } });
    expect(await ports().queryEngine.run(none)).toEqual([]);
    expect(await ports().queryEngine.run(retentionQuery({ ...base, start: { event: 'never' } }))).toEqual([]);
  });
}
