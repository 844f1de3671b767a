import { expect, it } from 'vitest';
import type { ConformanceContext } from './conformance-context.js';
import { rowTable } from './row-table.js';
import { ZONE_EVENTS, ZONE_PROJECT, zoneQuery } from './zone-dataset.js';

const BERLIN = 'Europe/Berlin';
const NEW_YORK = 'America/New_York';
const KOLKATA = 'Asia/Kolkata';

/** Local buckets over `zone-dataset.ts`: days, hours, weeks and months of a time zone, across daylight-saving changes. */
export function zoneCases({ ports, provides }: ConformanceContext): void {
  const load = async () => void (await ports().eventLog.appendEvents(ZONE_EVENTS));

  it('buckets local days of Europe/Berlin across the night back to winter time (a 25-hour day), edges included', async () => {
    await load();
    const { queryEngine } = ports();
    expect(rowTable(await queryEngine.run(zoneQuery(BERLIN, '2026-10-24', '2026-10-26')))).toEqual({
      'tick 2026-10-24': 1,
      'tick 2026-10-25': 4,
      'tick 2026-10-26': 1,
    });
    expect(rowTable(await queryEngine.run(zoneQuery(BERLIN, '2026-10-24', '2026-10-26', { metric: 'uniq' })))).toEqual({
      'tick 2026-10-24': 1,
      'tick 2026-10-25': 3,
      'tick 2026-10-26': 1,
    });
    expect(rowTable(await queryEngine.run(zoneQuery('UTC', '2026-10-24', '2026-10-26')))).toEqual({ 'tick 2026-10-24': 2, 'tick 2026-10-25': 4 });
  });

  it('gives the two 02:00 hours of the Berlin night back to winter time their own buckets, told apart by offset', async () => {
    await load();
    expect(rowTable(await ports().queryEngine.run(zoneQuery(BERLIN, '2026-10-25', '2026-10-25', { interval: 'hour' })))).toEqual({
      'tick 2026-10-25T00:00:00+02:00': 1,
      'tick 2026-10-25T02:00:00+02:00': 1,
      'tick 2026-10-25T02:00:00+01:00': 1,
      'tick 2026-10-25T23:00:00+01:00': 1,
    });
  });

  it('skips the missing 02:00 hour of the Berlin night on to summer time (a 23-hour day)', async () => {
    await load();
    const { queryEngine } = ports();
    expect(rowTable(await queryEngine.run(zoneQuery(BERLIN, '2026-03-29', '2026-03-29', { interval: 'hour' })))).toEqual({
      'tick 2026-03-29T01:00:00+01:00': 1,
      'tick 2026-03-29T03:00:00+02:00': 1,
      'tick 2026-03-29T23:00:00+02:00': 1,
    });
    expect(rowTable(await queryEngine.run(zoneQuery(BERLIN, '2026-03-29', '2026-03-30')))).toEqual({ 'tick 2026-03-29': 3, 'tick 2026-03-30': 1 });
  });

  it('buckets America/New_York days and hours across both changes of 2026', async () => {
    await load();
    const { queryEngine } = ports();
    expect(rowTable(await queryEngine.run(zoneQuery(NEW_YORK, '2026-10-31', '2026-11-02')))).toEqual({
      'tick 2026-10-31': 1,
      'tick 2026-11-01': 4,
      'tick 2026-11-02': 1,
    });
    expect(rowTable(await queryEngine.run(zoneQuery(NEW_YORK, '2026-11-01', '2026-11-01', { interval: 'hour' })))).toEqual({
      'tick 2026-11-01T00:00:00-04:00': 1,
      'tick 2026-11-01T01:00:00-04:00': 1,
      'tick 2026-11-01T01:00:00-05:00': 1,
      'tick 2026-11-01T23:00:00-05:00': 1,
    });
    expect(rowTable(await queryEngine.run(zoneQuery(NEW_YORK, '2026-03-08', '2026-03-08', { interval: 'hour' })))).toEqual({
      'tick 2026-03-08T01:00:00-05:00': 1,
      'tick 2026-03-08T03:00:00-04:00': 1,
    });
  });

  it('starts the days and hours of a +05:30 zone (Asia/Kolkata) at :30 UTC', async () => {
    await load();
    const { queryEngine } = ports();
    expect(rowTable(await queryEngine.run(zoneQuery(KOLKATA, '2026-03-10', '2026-03-11')))).toEqual({ 'tick 2026-03-10': 1, 'tick 2026-03-11': 3 });
    expect(rowTable(await queryEngine.run(zoneQuery(KOLKATA, '2026-03-11', '2026-03-11', { interval: 'hour' })))).toEqual({
      'tick 2026-03-11T00:00:00+05:30': 1,
      'tick 2026-03-11T05:00:00+05:30': 1,
      'tick 2026-03-11T06:00:00+05:30': 1,
    });
    expect(rowTable(await queryEngine.run(zoneQuery('UTC', '2026-03-10', '2026-03-11')))).toEqual({ 'tick 2026-03-10': 2, 'tick 2026-03-11': 2 });
  });

  it('starts local ISO weeks on Monday 00:00 and local months on the 1st at 00:00', async () => {
    await load();
    const { queryEngine } = ports();
    expect(rowTable(await queryEngine.run(zoneQuery(BERLIN, '2026-10-19', '2026-10-26', { interval: 'week' })))).toEqual({
      'tick 2026-10-19': 5,
      'tick 2026-10-26': 1,
    });
    expect(rowTable(await queryEngine.run(zoneQuery('UTC', '2026-10-19', '2026-10-26', { interval: 'week' })))).toEqual({ 'tick 2026-10-19': 6 });
    expect(rowTable(await queryEngine.run(zoneQuery(BERLIN, '2026-02-01', '2026-03-31', { interval: 'month' })))).toEqual({
      'tick 2026-02-01': 1,
      'tick 2026-03-01': 11,
    });
    expect(rowTable(await queryEngine.run(zoneQuery('UTC', '2026-02-01', '2026-03-31', { interval: 'month' })))).toEqual({
      'tick 2026-02-01': 2,
      'tick 2026-03-01': 10,
    });
  });

  if (provides('people')) {
    it('merges a device linked by identify into its user in local buckets too', async () => {
      await load();
      const { queryEngine, people } = ports();
      const uniq = zoneQuery(NEW_YORK, '2026-10-31', '2026-11-02', { metric: 'uniq' });
      expect(rowTable(await queryEngine.run(uniq))).toEqual({ 'tick 2026-10-31': 1, 'tick 2026-11-01': 2, 'tick 2026-11-02': 1 });
      await people.linkDevice(ZONE_PROJECT, 'dev-ny', 'eli');
      expect(rowTable(await queryEngine.run(uniq))).toEqual({ 'tick 2026-10-31': 1, 'tick 2026-11-01': 1, 'tick 2026-11-02': 1 });
      expect(rowTable(await queryEngine.run(zoneQuery(NEW_YORK, '2026-11-01', '2026-11-01', { metric: 'uniq', interval: 'hour' })))).toEqual({
        'tick 2026-11-01T00:00:00-04:00': 1,
        'tick 2026-11-01T01:00:00-04:00': 1,
        'tick 2026-11-01T01:00:00-05:00': 1,
        'tick 2026-11-01T23:00:00-05:00': 1,
      });
    });
  }
}
