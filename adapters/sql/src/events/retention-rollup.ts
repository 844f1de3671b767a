import type { Knex } from 'knex';
import type { RetentionQuery } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { literal } from './step-condition.js';

const DAY = 86_400_000;

/** True when `ns_person_days` (UTC days) answers: a UTC query whose events have no filters, on whole UTC days. */
export function retentionFromRollup(query: RetentionQuery, until: number): boolean {
  return (
    query.timeZone === 'UTC' &&
    (query.start.filters ?? []).length === 0 &&
    (query.return.filters ?? []).length === 0 &&
    [query.from, query.to, until].every((ms) => ms % DAY === 0)
  );
}

/**
 * Retention read off the person-days rollup instead of the events (one row per person, event and UTC
 * day: a person's dozens of events of a day are one row): each person's cohort, the period of their
 * first start day in the range (`c`), and the distinct (person, n) of their return days in periods 1..N
 * after it (`r`): the return days are joined to the cohort people before anything is made distinct, so
 * the people who never started (most of a product's visitors) cost one probe each, not a row of a
 * temporary table. The same cells as `retention`'s scan of `ns_events`: the rollup holds exactly the
 * person keys of the stored events (links and deletions keep it so). Rows `cohort, n, people` by period
 * index.
 */
export function retentionRollupSql(db: Knex, dialect: SqlDialect, query: RetentionQuery, until: number): Knex.Raw {
  const period = (day: string) => (query.period === 'day' ? day : dialect.intDiv(`(${day} + 3)`, 7));
  const sql = `
WITH c AS (
  SELECT person_key AS p, ${period('MIN(day)')} AS cohort FROM ns_person_days
  WHERE project_id = ? AND event_name = ? AND day >= ? AND day < ?
  GROUP BY person_key
),
r AS (
  SELECT DISTINCT c.p, c.cohort, ${period('d.day')} - c.cohort AS n
  FROM ns_person_days d JOIN c ON c.p = d.person_key
  WHERE d.project_id = ? AND d.event_name = ? AND d.day >= ? AND d.day < ?
    AND ${period('d.day')} > c.cohort AND ${period('d.day')} <= c.cohort + ${literal(query.periods)}
)
SELECT cohort, 0 AS n, COUNT(*) AS people FROM c GROUP BY cohort
UNION ALL
SELECT cohort, n, COUNT(*) AS people FROM r GROUP BY cohort, n`;
  const days = (ms: number) => ms / DAY;
  return db.raw(sql, [
    query.projectId,
    query.start.event,
    days(query.from),
    days(query.to),
    query.projectId,
    query.return.event,
    days(query.from),
    days(until),
  ]);
}
