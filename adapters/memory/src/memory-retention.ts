import type { RetentionCell, RetentionQuery, StoredEvent } from '@northstar/server';
import { dayNumberDate, localDayNumber } from '@northstar/core';
import { matchesStep } from './memory-funnel.js';
import { timeCheck } from './time-check.js';

/** The local period of `ts`: its day number, or for weeks the number of ISO weeks since Monday 1969-12-29. */
export function periodIndex(query: RetentionQuery, ts: number): number {
  const day = localDayNumber(query.timeZone, ts);
  return query.period === 'day' ? day : Math.floor((day + 3) / 7);
}

/** The first local day of a period index (`YYYY-MM-DD`). */
export function periodLabel(query: RetentionQuery, index: number): string {
  return dayNumberDate(query.period === 'day' ? index : index * 7 - 3);
}

/** The retention cells over events in memory; `personOf` gives an event's person (null: nobody). Same answers as the SQL adapter. */
export function retentionOfEvents(events: Iterable<StoredEvent>, query: RetentionQuery, personOf: (event: StoredEvent) => string | null): RetentionCell[] {
  const firstStart = new Map<string, number>();
  const returns = new Map<string, Set<number>>();
  const check = timeCheck(query.timeoutMs);
  for (const event of events) {
    check();
    const person = personOf(event);
    if (person === null) continue;
    const ts = event.timestamp;
    if (ts >= query.from && ts < query.to && matchesStep(event, query.start)) {
      const known = firstStart.get(person);
      if (known === undefined || ts < known) firstStart.set(person, ts);
    }
    if (ts >= query.from && matchesStep(event, query.return)) {
      const periods = returns.get(person) ?? new Set<number>();
      periods.add(periodIndex(query, ts));
      returns.set(person, periods);
    }
  }

  const cells = new Map<string, RetentionCell>();
  const count = (cohort: string, period: number) => {
    const key = `${cohort} ${period}`;
    const cell = cells.get(key) ?? { cohort, period, people: 0 };
    cell.people += 1;
    cells.set(key, cell);
  };
  for (const [person, ts] of firstStart) {
    const cohort = periodIndex(query, ts);
    const label = periodLabel(query, cohort);
    count(label, 0);
    for (const period of returns.get(person) ?? []) {
      const n = period - cohort;
      if (n >= 1 && n <= query.periods) count(label, n);
    }
  }
  return [...cells.values()];
}
