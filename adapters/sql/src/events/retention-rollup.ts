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
 * day: a person's dozens of events of a day are one row): each person's first start day in the
 * range (`f`), the distinct (person, period) of the return event until `until` (`r`), joined on the
 * person. The same cells as `retention`'s scan of `ns_events`: the rollup holds exactly the person
 * keys of the stored events (links and deletions keep it so). Rows `cohort, n, people` by period index.
 */
export function retentionRollupSql(db: Knex, dialect: SqlDialect, query: RetentionQuery, until: number): Knex.Raw {
  const period = (day: string) => (query.period === 'day' ? day : dialect.intDiv(`(${day} + 3)`, 7));
  const sql = `
WITH f AS (
  SELECT person_key AS p, MIN(day) AS first FROM ns_person_days
  WHERE project_id = ? AND event_name = ? AND day >= ? AND day < ?
  GROUP BY person_key
),
c AS (SELECT p, ${period('first')} AS cohort FROM f),
r AS (
  SELECT DISTINCT person_key AS p, ${period('day')} AS per FROM ns_person_days
  WHERE project_id = ? AND event_name = ? AND day >= ? AND day < ?
)
SELECT cohort, 0 AS n, COUNT(*) AS people FROM c GROUP BY cohort
UNION ALL
SELECT c.cohort, r.per - c.cohort AS n, COUNT(*) AS people FROM c JOIN r ON r.p = c.p
WHERE r.per > c.cohort AND r.per <= c.cohort + ${literal(query.periods)}
GROUP BY c.cohort, r.per - c.cohort`;
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
