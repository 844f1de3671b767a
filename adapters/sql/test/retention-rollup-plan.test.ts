import { describe, expect, it } from 'vitest';
import { dayNumberDate, zonedDayStart } from '@northstar/core';
import type { RetentionQuery } from '@northstar/server';
import { retentionRollupPlan } from '../src/events/retention-rollup.js';

const DAY = 86_400_000;

function query(timeZone: string, period: 'day' | 'week', filtered = false): RetentionQuery {
  return {
    projectId: 1,
    start: { event: 'signup', ...(filtered ? { filters: [{ property: 'plan', op: 'eq' as const, value: 'pro' }] } : {}) },
    return: { event: '$pageview' },
    period,
    periods: 4,
    // Monday 2026-03-02 to Monday 2026-03-30 (Berlin turns its clocks forward on Sunday 2026-03-29)
    from: zonedDayStart(timeZone, '2026-03-02'),
    to: zonedDayStart(timeZone, '2026-03-30'),
    timeZone,
  };
}

const until = (q: RetentionQuery) => zonedDayStart(q.timeZone, '2026-04-27');
const dates = (days: number[]) => days.map((day) => dayNumberDate(day));

describe('retentionRollupPlan: which UTC days the person-days rollup answers', () => {
  it('reads every day off the rollup in UTC', () => {
    const q = query('UTC', 'week');
    const plan = retentionRollupPlan(q, until(q))!;
    expect(plan.starts.split).toEqual([]);
    expect(plan.returns.split).toEqual([]);
    expect(plan.returns.end - plan.returns.first).toBe(56);
  });

  it('reads from the events only the UTC days a local week starts in, in Berlin', () => {
    const q = query('Europe/Berlin', 'week');
    const plan = retentionRollupPlan(q, until(q))!;
    // a Berlin week starts on Sunday 23:00 UTC in winter, 22:00 in summer
    expect(dates(plan.starts.split)).toEqual(['2026-03-01', '2026-03-08', '2026-03-15', '2026-03-22', '2026-03-29']);
    expect(plan.returns.split).toHaveLength(9);
    expect(plan.starts.first * DAY).toBeLessThan(q.from);
  });

  it('reads the events for local days in another zone, and for filtered steps', () => {
    for (const zone of ['Europe/Berlin', 'Asia/Kolkata']) {
      const q = query(zone, 'day');
      expect(retentionRollupPlan(q, until(q))).toBeUndefined();
    }
    const filtered = query('UTC', 'week', true);
    expect(retentionRollupPlan(filtered, until(filtered))).toBeUndefined();
  });
});
