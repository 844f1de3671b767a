import { describe, expect, it } from 'vitest';
import { bucketLabel, zonedDayStart } from '@northstar/core';
import type { AggregateQuery } from '@northstar/server';
import { bucketParts } from '../src/events/bucket-parts.js';

const HOUR = 3_600_000;

const query = (timeZone: string, interval: AggregateQuery['interval'], from: number, to: number): AggregateQuery => ({
  projectId: 1,
  events: ['$pageview'],
  metric: 'p90',
  property: 'duration_ms',
  interval,
  from,
  to,
  timeZone,
});

/** Every instant of the range, 10 minutes apart, is in exactly one part, and no bucket is in two. */
function expectWholeBuckets(whole: AggregateQuery, parts: AggregateQuery[]) {
  expect(parts[0]!.from).toBe(whole.from);
  expect(parts[parts.length - 1]!.to).toBe(whole.to);
  const partOf = new Map<string, number>();
  parts.forEach((part, i) => {
    expect(part).toEqual({ ...whole, from: part.from, to: part.to });
    if (i > 0) expect(part.from).toBe(parts[i - 1]!.to);
    for (let ts = part.from; ts < part.to; ts += 10 * 60_000) {
      const label = bucketLabel(whole.timeZone!, whole.interval, ts);
      expect(partOf.get(label) ?? i).toBe(i);
      partOf.set(label, i);
    }
  });
}

describe('bucketParts', () => {
  it('cuts 30 days into halves of 15 whole days', () => {
    const from = zonedDayStart('UTC', '2026-01-12');
    const whole = query('UTC', 'day', from, from + 30 * 24 * HOUR);
    const parts = bucketParts(whole, 2);
    expect(parts.map((part) => [part.from, part.to])).toEqual([
      [from, from + 15 * 24 * HOUR],
      [from + 15 * 24 * HOUR, from + 30 * 24 * HOUR],
    ]);
  });

  it('keeps whole local days, weeks and hours across a change of the clocks', () => {
    const [from, to] = [zonedDayStart('Europe/Berlin', '2026-03-15'), zonedDayStart('Europe/Berlin', '2026-04-20')];
    for (const interval of ['day', 'week'] as const) {
      const whole = query('Europe/Berlin', interval, from + 3 * HOUR, to);
      const parts = bucketParts(whole, 3);
      // 5 week starts, the one a day after the change not taken: at least 2 weeks a part
      expect(parts).toHaveLength(interval === 'day' ? 3 : 2);
      expectWholeBuckets(whole, parts);
    }
    const night = query('Europe/Berlin', 'hour', zonedDayStart('Europe/Berlin', '2026-10-24'), zonedDayStart('Europe/Berlin', '2026-10-27'));
    expectWholeBuckets(night, bucketParts(night, 4));
  });

  it('leaves a query of few buckets, or one asked for a single part, whole', () => {
    const from = zonedDayStart('UTC', '2026-01-01');
    expect(bucketParts(query('UTC', 'day', from, from + 3 * 24 * HOUR), 2)).toHaveLength(1);
    expect(bucketParts(query('UTC', 'month', from, zonedDayStart('UTC', '2026-03-01')), 2)).toHaveLength(1);
    expect(bucketParts(query('UTC', 'day', from, from + 30 * 24 * HOUR), 1)).toHaveLength(1);
  });
});
