import { describe, expect, it } from 'vitest';
import { parseUtcDate, utcDay, utcDaysBetween } from '../src/time.js';

describe('UTC days', () => {
  it('puts the last millisecond of a day on that day and midnight on the next', () => {
    expect(utcDay(Date.parse('2026-11-21T23:59:59.999Z'))).toBe('2026-11-21');
    expect(utcDay(Date.parse('2026-11-22T00:00:00.000Z'))).toBe('2026-11-22');
  });

  it('accepts only real YYYY-MM-DD dates', () => {
    expect(parseUtcDate('2026-02-28')).toBe(Date.parse('2026-02-28T00:00:00Z'));
    expect(parseUtcDate('2026-02-30')).toBeUndefined();
    expect(parseUtcDate('2026-2-3')).toBeUndefined();
    expect(parseUtcDate('yesterday')).toBeUndefined();
  });

  it('lists every day of an inclusive range, across a month end', () => {
    expect(utcDaysBetween('2026-10-30', '2026-11-02')).toEqual(['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02']);
    expect(utcDaysBetween('2026-11-02', '2026-11-01')).toEqual([]);
  });
});
