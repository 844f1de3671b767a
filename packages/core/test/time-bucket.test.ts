import { describe, expect, it } from 'vitest';
import { bucketCuts, bucketEndDays, bucketLabel, bucketLabels, dayNumberDate, mondayOf, zonedDayStart } from '../src/index.js';

const at = (iso: string) => Date.parse(iso);
const day = (timeZone: string, date: string, next: string) => [zonedDayStart(timeZone, date), zonedDayStart(timeZone, next)] as const;

describe('bucketLabel', () => {
  it('labels local days, ISO weeks from Monday and months from the 1st', () => {
    expect(bucketLabel('Europe/Berlin', 'day', at('2026-10-25T22:59:59.999Z'))).toBe('2026-10-25');
    expect(bucketLabel('Europe/Berlin', 'day', at('2026-10-25T23:00:00.000Z'))).toBe('2026-10-26');
    expect(bucketLabel('Europe/Berlin', 'week', at('2026-10-25T22:59:59.999Z'))).toBe('2026-10-19');
    expect(bucketLabel('Europe/Berlin', 'week', at('2026-10-25T23:00:00.000Z'))).toBe('2026-10-26');
    expect(bucketLabel('Europe/Berlin', 'month', at('2026-02-28T23:00:00.000Z'))).toBe('2026-03-01');
    expect(bucketLabel('UTC', 'month', at('2026-02-28T23:00:00.000Z'))).toBe('2026-02-01');
    expect(mondayOf(0)).toBe(-3);
  });

  it('labels hours with their offset, at :30 UTC in a +05:30 zone', () => {
    expect(bucketLabel('Europe/Berlin', 'hour', at('2026-10-25T00:30:00Z'))).toBe('2026-10-25T02:00:00+02:00');
    expect(bucketLabel('Europe/Berlin', 'hour', at('2026-10-25T01:30:00Z'))).toBe('2026-10-25T02:00:00+01:00');
    expect(bucketLabel('Asia/Kolkata', 'hour', at('2026-03-11T00:29:59.999Z'))).toBe('2026-03-11T05:00:00+05:30');
    expect(bucketLabel('UTC', 'hour', at('2026-03-11T00:29:59.999Z'))).toBe('2026-03-11T00:00:00+00:00');
  });
});

describe('bucketLabels', () => {
  it('lists 25 hours on the night back to winter time and 23 on the night on to summer time', () => {
    const fall = bucketLabels('Europe/Berlin', 'hour', ...day('Europe/Berlin', '2026-10-25', '2026-10-26'));
    expect(fall).toHaveLength(25);
    expect(fall.slice(1, 5)).toEqual(['2026-10-25T01:00:00+02:00', '2026-10-25T02:00:00+02:00', '2026-10-25T02:00:00+01:00', '2026-10-25T03:00:00+01:00']);
    const spring = bucketLabels('America/New_York', 'hour', ...day('America/New_York', '2026-03-08', '2026-03-09'));
    expect(spring).toHaveLength(23);
    expect(spring.slice(0, 3)).toEqual(['2026-03-08T00:00:00-05:00', '2026-03-08T01:00:00-05:00', '2026-03-08T03:00:00-04:00']);
  });

  it('lists every local day, and the weeks and months touching the range', () => {
    const [from, to] = [zonedDayStart('Asia/Kolkata', '2026-03-10'), zonedDayStart('Asia/Kolkata', '2026-03-13')];
    expect(bucketLabels('Asia/Kolkata', 'day', from, to)).toEqual(['2026-03-10', '2026-03-11', '2026-03-12']);
    expect(bucketLabels('Asia/Kolkata', 'week', from, to)).toEqual(['2026-03-09']);
    expect(bucketLabels('Asia/Kolkata', 'month', from, to)).toEqual(['2026-03-01']);
    expect(bucketLabels('UTC', 'day', from, from)).toEqual([]);
  });
});

describe('bucketEndDays', () => {
  it('ends each bucket on its last day inside the range', () => {
    const [from, to] = [zonedDayStart('UTC', '2026-01-01'), zonedDayStart('UTC', '2026-02-01')];
    const dates = (interval: 'day' | 'week' | 'month') => bucketEndDays('UTC', interval, from, to).map(dayNumberDate);
    expect(dates('week')).toEqual(['2026-01-04', '2026-01-11', '2026-01-18', '2026-01-25', '2026-01-31']);
    expect(dates('month')).toEqual(['2026-01-31']);
    expect(dates('day')).toHaveLength(31);
  });
});

describe('bucketCuts', () => {
  const HOUR = 3_600_000;
  const DAY = 24 * HOUR;

  it('cuts at the start of each bucket inside the range', () => {
    const [from, to] = [zonedDayStart('UTC', '2026-01-01'), zonedDayStart('UTC', '2026-02-01')];
    expect(bucketCuts('UTC', 'week', from, to).map((ts) => new Date(ts).toISOString().slice(0, 10))).toEqual([
      '2026-01-05',
      '2026-01-12',
      '2026-01-19',
      '2026-01-26',
    ]);
    expect(bucketCuts('UTC', 'day', from, to)).toHaveLength(30);
    expect(bucketCuts('UTC', 'month', from, to)).toEqual([]);
    expect(bucketCuts('UTC', 'hour', from, from + 3 * HOUR)).toEqual([from + HOUR, from + 2 * HOUR]);
  });

  it('cuts at local midnight, and never within two days of a change of offset', () => {
    // Berlin: clocks forward on 2026-03-29
    const [from, to] = [zonedDayStart('Europe/Berlin', '2026-03-20'), zonedDayStart('Europe/Berlin', '2026-04-05')];
    const cuts = bucketCuts('Europe/Berlin', 'day', from, to);
    const dates = cuts.map((ts) => bucketLabel('Europe/Berlin', 'day', ts));
    expect(dates).toContain('2026-03-21');
    expect(dates).toContain('2026-04-02');
    for (const date of ['2026-03-28', '2026-03-29', '2026-03-30']) expect(dates).not.toContain(date);
    for (const cut of cuts) expect(bucketLabel('Europe/Berlin', 'day', cut - 1)).not.toBe(bucketLabel('Europe/Berlin', 'day', cut));
  });

  it('leaves no bucket on both sides of any cut around a change of offset at midnight', () => {
    // Cairo turned its clocks back at midnight (24:00 -> 23:00) on 2023-10-26/27
    const zone = 'Africa/Cairo';
    const [from, to] = [zonedDayStart(zone, '2023-10-20'), zonedDayStart(zone, '2023-11-03')];
    const cuts = bucketCuts(zone, 'day', from, to);
    const parts = [from, ...cuts, to];
    const seen = new Map<string, number>();
    for (let i = 0; i + 1 < parts.length; i++)
      for (let ts = parts[i]!; ts < parts[i + 1]!; ts += 15 * 60_000) {
        const label = bucketLabel(zone, 'day', ts);
        expect(seen.get(label) ?? i).toBe(i);
        seen.set(label, i);
      }
    expect(cuts.length).toBeGreaterThan(5);
    expect(cuts.every((cut) => cut > from && cut < to)).toBe(true);
    expect(bucketCuts(zone, 'day', from, from)).toEqual([]);
    expect(bucketCuts(zone, 'day', from, from + DAY)).toEqual([]);
  });
});
