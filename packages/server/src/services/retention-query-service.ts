import { dateDayNumber, dayNumberDate, localDayNumber } from '@northstar/core';
import type { QueryEngine } from '../ports/index.js';
import type { RetentionQueryBody, RetentionQueryResponse } from '../schemas/retention-query.js';
import { canonicalZone } from './local-range.js';
import { zonedRange } from './query-buckets.js';

type Cohort = RetentionQueryResponse['cohorts'][number];

/** The first local day (day number) of each period of the range: every day, or the Monday of every week it touches. */
function cohortDays(body: RetentionQueryBody): number[] {
  const first = dateDayNumber(body.date_range.start);
  const last = dateDayNumber(body.date_range.end);
  const step = body.period === 'day' ? 1 : 7;
  const start = body.period === 'day' ? first : first - ((first + 3) % 7);
  const days: number[] = [];
  for (let day = start; day <= last; day += step) days.push(day);
  return days;
}

/** Runs a validated retention query, at most `timeoutMs`; periods that begin after `now` (epoch ms) are null. */
export async function runRetentionQuery(engine: QueryEngine, body: RetentionQueryBody, now: number, timeoutMs?: number): Promise<RetentionQueryResponse> {
  const timeZone = canonicalZone(body.timezone);
  const { from, to } = zonedRange(body.date_range.start, body.date_range.end, timeZone);
  const cells = await engine.run({
    kind: 'retention',
    projectId: body.project_id,
    start: { event: body.start_event.event, filters: body.start_event.filters ?? [] },
    return: { event: body.return_event.event, filters: body.return_event.filters ?? [] },
    period: body.period,
    periods: body.periods,
    from,
    to,
    timeZone,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
  const people = new Map(cells.map((cell) => [`${cell.cohort} ${cell.period}`, cell.people]));
  const length = body.period === 'day' ? 1 : 7;
  const today = localDayNumber(timeZone, now);
  // a period has begun when its first local day is today or earlier in the query's zone
  const begun = (day: number) => day <= today;

  const cohorts: Cohort[] = cohortDays(body).map((day) => {
    const label = dayNumberDate(day);
    const values = Array.from({ length: body.periods + 1 }, (_, n) => (begun(day + n * length) ? (people.get(`${label} ${n}`) ?? 0) : null));
    return { label, size: people.get(`${label} 0`) ?? 0, values };
  });

  const average = Array.from({ length: body.periods + 1 }, (_, n) => {
    let retained = 0;
    let size = 0;
    for (const cohort of cohorts) {
      const value = cohort.values[n];
      if (value === null || value === undefined || cohort.size === 0) continue;
      retained += value;
      size += cohort.size;
    }
    return size === 0 ? null : retained / size;
  });

  const unit = body.period === 'day' ? 'Day' : 'Week';
  return {
    period: body.period,
    periods: body.periods,
    date_range: body.date_range,
    timezone: timeZone,
    labels: Array.from({ length: body.periods + 1 }, (_, n) => `${unit} ${n}`),
    cohorts,
    average,
  };
}
