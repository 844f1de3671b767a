import type { Knex } from 'knex';
import { dayNumberDate, localDayNumber, mondayOf, zonedDayStart, zoneSpans } from '@northstar/core';
import type { RetentionQuery } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { DAY_MS } from './event-rows.js';
import { firstDay, periodExpression, periodOfDay } from './retention-period.js';
import { literal } from './step-condition.js';
import { EVERYONE, eventsInPart, keysInPart } from './person-parts.js';
import type { PersonPart } from './person-parts.js';

/** The UTC days touching `[from, to)`: all read off the rollup but `split`, read from the events. */
interface Days {
  from: number;
  to: number;
  /** First and last + 1 UTC day number touching the range. */
  first: number;
  end: number;
  /** UTC day numbers with a cut (a period's start, or the range's edge) inside them. */
  split: number[];
}

/** What `retentionRollupSql` reads: the start event's days in `[from, to)`, the return event's in `[from, until)`. */
export interface RollupPlan {
  starts: Days;
  returns: Days;
}

/** The first instant of each local period from the one holding `from` to the one after `until`'s. */
function periodStarts(query: RetentionQuery, until: number): number[] {
  const periodAt = (ms: number) => periodOfDay(query, localDayNumber(query.timeZone, ms));
  const starts: number[] = [];
  for (let p = periodAt(query.from); p <= periodAt(until - 1) + 1; p++) starts.push(zonedDayStart(query.timeZone, dayNumberDate(firstDay(query, p))));
  return starts;
}

function daysOf(from: number, to: number, cuts: readonly number[]): Days {
  const first = Math.floor(from / DAY_MS);
  const end = Math.ceil(to / DAY_MS);
  const split: number[] = [];
  for (let day = first; day < end; day++) {
    const [a, b] = [day * DAY_MS, (day + 1) * DAY_MS];
    if (a < from || b > to || cuts.some((cut) => cut > a && cut < b)) split.push(day);
  }
  return { from, to, first, end, split };
}

/**
 * Whether local periods only move forward in `[from, until)`: a change of offset that turns the clocks back
 * across a period's first midnight would put later events in an earlier period (the cohort is the
 * period of the first start event; the rollup path takes the smallest period instead).
 */
function periodsMonotone(query: RetentionQuery, until: number): boolean {
  const spans = zoneSpans(query.timeZone, query.from - DAY_MS, until + DAY_MS);
  return spans.slice(1).every((span, i) => {
    const before = spans[i]!.offset;
    if (span.offset >= before) return true;
    // local time jumps back from span.from + before to span.from + span.offset
    const midnight = Math.ceil((span.from + span.offset + 1) / DAY_MS) * DAY_MS;
    if (midnight > span.from + before) return true;
    return query.period === 'week' && mondayOf(midnight / DAY_MS) !== midnight / DAY_MS;
  });
}

/**
 * The days `ns_person_days` (one row per person, event and UTC day) answers for, when it can: steps
 * without filters, periods that only move forward, and at most a quarter of the UTC days cut by a
 * period's start or the range's edge (those are read from the events: in UTC on whole days none, for
 * weeks in another zone one a week; days in another zone are all cut, and read from the events).
 */
export function retentionRollupPlan(query: RetentionQuery, until: number): RollupPlan | undefined {
  if ((query.start.filters ?? []).length > 0 || (query.return.filters ?? []).length > 0) return undefined;
  if (!periodsMonotone(query, until)) return undefined;
  const cuts = periodStarts(query, until);
  const plan = { starts: daysOf(query.from, query.to, [...cuts, query.from, query.to]), returns: daysOf(query.from, until, [...cuts, query.from, until]) };
  const days = plan.returns.end - plan.returns.first;
  return plan.returns.split.length * 4 <= days ? plan : undefined;
}

/**
 * Retention of the people of `part`, read off the person-days rollup instead of the events: each person's
 * start and return periods from their rollup rows on whole UTC days (a person's dozens of events of a day
 * are one row) and from their events on the UTC days a period's start or the range's edge cuts; the cohort
 * is the smallest start period (`c`, periods only move forward: `retentionRollupPlan`), and their
 * distinct (person, n) of return periods 1..N after it (`r`): the returns are joined to the cohort people
 * before anything is made distinct, so the people who never started (most of a product's visitors) cost
 * one probe each, not a row of a temporary table. The same cells as `retention`'s scan of `ns_events`:
 * the rollup holds exactly the person keys of the stored events (links and deletions keep it so). Rows
 * `cohort, n, people` by period index.
 */
export function retentionRollupSql(
  db: Knex,
  dialect: SqlDialect,
  query: RetentionQuery,
  until: number,
  plan: RollupPlan,
  part: PersonPart = EVERYONE,
): Knex.Raw {
  const spans = zoneSpans(query.timeZone, query.from, until);
  const period = (column: string) => periodExpression(dialect, query, column, spans);
  const bindings: (string | number)[] = [];
  /** `columns(person, time)` of the person-days and events of `event` on `days`, joined to `c` when `cohort`. */
  const sources = (event: string, days: Days, columns: (person: string, time: string) => string, cohort: boolean) => {
    const join = (person: string) => (cohort ? ` ${dialect.orderedJoin} c ON c.p = ${person}` : '');
    // the returns are joined to the cohort, already in the part; the events' part is their index range
    const mine = cohort ? '' : keysInPart('d.person_key', part);
    const notSplit = days.split.length === 0 ? '' : ` AND d.day NOT IN (${days.split.map(literal).join(', ')})`;
    bindings.push(query.projectId, event);
    const rollup = `SELECT ${columns('d.person_key', `(d.day * ${DAY_MS})`)} FROM ns_person_days d${join('d.person_key')}
    WHERE d.project_id = ? AND d.event_name = ? AND d.day >= ${literal(days.first)} AND d.day < ${literal(days.end)}${notSplit}${mine}`;
    if (days.split.length === 0) return rollup;
    const ranges = days.split.map(
      (day) => `(f.ts >= ${literal(Math.max(day * DAY_MS, days.from))} AND f.ts < ${literal(Math.min((day + 1) * DAY_MS, days.to))})`,
    );
    bindings.push(query.projectId, event);
    return `${rollup}
    UNION ALL
    SELECT ${columns('f.person_key', 'f.ts')} FROM ns_events f${join('f.person_key')}
    WHERE f.project_id = ? AND f.event_name = ? AND f.person_key IS NOT NULL AND (${ranges.join(' OR ')})${eventsInPart('f', part)}`;
  };
  const started = sources(query.start.event, plan.starts, (person, time) => `${person} AS p, ${period(time)} AS per`, false);
  const returned = sources(query.return.event, plan.returns, (_person, time) => `c.p, c.cohort, ${period(time)} - c.cohort AS n`, true);
  const sql = `
WITH RECURSIVE c AS (
  ${dialect.sharedCte('c', `SELECT p, MIN(per) AS cohort FROM (\n    ${started}\n  ) s GROUP BY p`)}
),
r AS (
  SELECT DISTINCT p, cohort, n FROM (
    ${returned}
  ) u WHERE n > 0 AND n <= ${literal(query.periods)}
)
SELECT cohort, 0 AS n, COUNT(*) AS people FROM c GROUP BY cohort
UNION ALL
SELECT cohort, n, COUNT(*) AS people FROM r GROUP BY cohort, n`;
  return db.raw(sql, bindings);
}
