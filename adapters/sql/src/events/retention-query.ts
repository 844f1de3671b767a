import type { Knex } from 'knex';
import { dayNumberDate, localDayNumber, zonedDayStart, zoneSpans } from '@northstar/core';
import type { RetentionCell, RetentionQuery } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { firstDay, periodExpression, periodOfDay } from './retention-period.js';
import { retentionRollupPlan, retentionRollupSql } from './retention-rollup.js';
import { slotReader } from './slot-reader.js';
import type { SlotReader } from './slot-reader.js';
import { timeLimited } from './time-limit.js';
import { literal, stepCondition } from './step-condition.js';
import { eventsInPart, personParts } from './person-parts.js';
import type { PersonPart } from './person-parts.js';

interface CellRow {
  cohort: number | string;
  n: number | string;
  people: number | string;
}

/** Where the last period a cohort of the range can count ends (exclusive, epoch ms). */
function returnsEnd(query: RetentionQuery): number {
  const lastCohort = periodOfDay(query, localDayNumber(query.timeZone, query.to - 1));
  return zonedDayStart(query.timeZone, dayNumberDate(firstDay(query, lastCohort + query.periods + 1)));
}

/**
 * The retention cells (docs/queries.md "Retention"): off the person-days rollup where it answers
 * (`retention-rollup.ts`), else from the events. A person's cells depend on their own events only, so the
 * people are cut into `parallelism` parts (`person-parts.ts`) read by statements running at once, and
 * the cells summed; in order of cohort, then period.
 */
export async function retention(db: Knex, dialect: SqlDialect, query: RetentionQuery, parallelism = 1): Promise<RetentionCell[]> {
  if (query.from >= query.to) return [];
  const until = returnsEnd(query);
  const plan = retentionRollupPlan(query, until);
  const parts = personParts(parallelism);
  const statement: (part: PersonPart) => Knex.Raw = plan
    ? (part) => retentionRollupSql(db, dialect, query, until, plan, part)
    : retentionFromEvents(db, dialect, query, until, await slotReader(db, dialect, query.projectId));
  const rows = await Promise.all(parts.map(async (part) => dialect.rawRows<CellRow>(await timeLimited(statement(part), dialect, query.timeoutMs))));
  const people = new Map<string, number>();
  for (const row of rows.flat()) {
    const key = `${Number(row.cohort)} ${Number(row.n)}`;
    people.set(key, (people.get(key) ?? 0) + Number(row.people));
  }
  return [...people]
    .map(([key, count]) => key.split(' ').map(Number).concat(count) as [number, number, number])
    .sort((a, b) => a[0] - b[0] || a[1] - b[1])
    .map(([cohort, n, count]) => ({ cohort: dayNumberDate(firstDay(query, cohort)), period: n, people: count }));
}

/**
 * The statement of the cells of the people of a part, over `ns_events f` (the steps' filters read from the
 * slots of its index, or from the rows' JSON): `q` the people with a start event in the range (nobody
 * else has a cohort); `x` their start and return events, flagged; `y` each row with its person's first
 * start in the range (`FIRST_VALUE()` over the person's rows, starts first, then by time: MariaDB
 * recomputes a `MIN() OVER (PARTITION BY ...)` for every row of the partition, which was quadratic in a
 * person's events); `z` one row per person, cohort and n — the period of a counted return, 0 for every
 * other row, so period 0 is the cohort — counted once (MariaDB computes a CTE again for each reference).
 */
function retentionFromEvents(db: Knex, dialect: SqlDialect, query: RetentionQuery, until: number, reader: SlotReader): (part: PersonPart) => Knex.Raw {
  const spans = zoneSpans(query.timeZone, query.from, until);
  const period = (column: string) => periodExpression(dialect, query, column, spans);
  const [cohort, per] = [period('first'), period('ts')];
  const start = stepCondition(db, reader, query.start);
  const back = stepCondition(db, reader, query.return);
  const from = 'ns_events f';
  return (part) => {
    const sql = `
WITH q AS (
  SELECT DISTINCT f.person_key AS p FROM ${from} WHERE f.project_id = ? AND ? AND f.ts >= ? AND f.ts < ? AND f.person_key IS NOT NULL${eventsInPart('f', part)}
),
x AS (
  SELECT f.person_key AS p, f.ts AS ts, CASE WHEN f.ts < ? AND ? THEN 1 ELSE 0 END AS st, CASE WHEN ? THEN 1 ELSE 0 END AS rt
  FROM ${from}
  WHERE f.project_id = ? AND f.event_name IN (?, ?) AND f.ts >= ? AND f.ts < ?${eventsInPart('f', part)} AND f.person_key IN (SELECT p FROM q)
),
y AS (SELECT p, ts, rt, FIRST_VALUE(CASE WHEN st = 1 THEN ts END) OVER (PARTITION BY p ORDER BY st DESC, ts) AS first FROM x WHERE st = 1 OR rt = 1),
z AS (
  SELECT DISTINCT p, ${cohort} AS cohort,
    CASE WHEN rt = 1 AND ${per} > ${cohort} AND ${per} <= ${cohort} + ${literal(query.periods)} THEN ${per} - ${cohort} ELSE 0 END AS n
  FROM y WHERE first IS NOT NULL
)
SELECT cohort, n, COUNT(*) AS people FROM z GROUP BY cohort, n`;
    const bindings = [
      query.projectId,
      start,
      query.from,
      query.to,
      query.to,
      start,
      back,
      query.projectId,
      query.start.event,
      query.return.event,
      query.from,
      until,
    ];
    return db.raw(sql, bindings);
  };
}
