import { describe, expect, it } from 'vitest';
import { bucketEndDays, bucketLabel, bucketLabels, dayNumberDate, mondayOf, zonedDayStart } from '../src/index.js';

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
