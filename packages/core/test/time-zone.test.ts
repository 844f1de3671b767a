import { describe, expect, it } from 'vitest';
import { formatZoned, isTimeZone, localDayNumber, dateDayNumber, dayNumberDate, zoneOffset, zoneSpans, zonedDayStart } from '../src/time-zone.js';

const HOUR = 3_600_000;
const at = (iso: string): number => Date.parse(iso);

describe('time zones', () => {
  it('knows IANA names and refuses others', () => {
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('reads the offset on both sides of a daylight-saving change', () => {
    expect(zoneOffset('Europe/Berlin', at('2026-03-29T00:59:59Z'))).toBe(HOUR);
    expect(zoneOffset('Europe/Berlin', at('2026-03-29T01:00:00Z'))).toBe(2 * HOUR);
    expect(zoneOffset('America/New_York', at('2026-11-01T05:59:59Z'))).toBe(-4 * HOUR);
    expect(zoneOffset('America/New_York', at('2026-11-01T06:00:00Z'))).toBe(-5 * HOUR);
    expect(zoneOffset('Asia/Kolkata', at('2026-06-01T00:00:00Z'))).toBe(5.5 * HOUR);
    expect(zoneOffset('UTC', at('2026-06-01T00:00:00.999Z'))).toBe(0);
  });

  it('cuts a range into spans of one offset, split exactly at the changes', () => {
    expect(zoneSpans('Europe/Berlin', at('2026-03-01T00:00:00Z'), at('2026-11-01T00:00:00Z'))).toEqual([
      { from: at('2026-03-01T00:00:00Z'), to: at('2026-03-29T01:00:00Z'), offset: HOUR },
      { from: at('2026-03-29T01:00:00Z'), to: at('2026-10-25T01:00:00Z'), offset: 2 * HOUR },
      { from: at('2026-10-25T01:00:00Z'), to: at('2026-11-01T00:00:00Z'), offset: HOUR },
    ]);
    expect(zoneSpans('UTC', 0, DAY_MS)).toEqual([{ from: 0, to: DAY_MS, offset: 0 }]);
    expect(zoneSpans('Asia/Kolkata', 0, 10 * DAY_MS)).toHaveLength(1);
  });

  it('finds the first instant of a local day, also where midnight does not exist', () => {
    expect(zonedDayStart('UTC', '2026-03-29')).toBe(at('2026-03-29T00:00:00Z'));
    expect(zonedDayStart('Europe/Berlin', '2026-03-29')).toBe(at('2026-03-28T23:00:00Z'));
    expect(zonedDayStart('Europe/Berlin', '2026-03-30')).toBe(at('2026-03-29T22:00:00Z'));
    expect(zonedDayStart('America/New_York', '2026-11-02')).toBe(at('2026-11-02T05:00:00Z'));
    // Chile moves its clocks from 00:00 to 01:00: the day begins at 01:00 local, 04:00 UTC.
    expect(zonedDayStart('America/Santiago', '2026-09-06')).toBe(at('2026-09-06T04:00:00Z'));
  });

  it('numbers local days and formats local times with their offset', () => {
    expect(localDayNumber('Europe/Berlin', at('2026-03-28T23:30:00Z'))).toBe(dateDayNumber('2026-03-29'));
    expect(dayNumberDate(dateDayNumber('2026-02-28') + 1)).toBe('2026-03-01');
    expect(formatZoned('Europe/Berlin', at('2026-10-25T00:00:00Z'))).toBe('2026-10-25T02:00:00+02:00');
    expect(formatZoned('Europe/Berlin', at('2026-10-25T01:00:00Z'))).toBe('2026-10-25T02:00:00+01:00');
    expect(formatZoned('Asia/Kolkata', at('2026-01-01T00:00:00Z'))).toBe('2026-01-01T05:30:00+05:30');
    expect(formatZoned('America/New_York', at('2026-01-01T00:00:00Z'))).toBe('2025-12-31T19:00:00-05:00');
  });
});

const DAY_MS = 86_400_000;
