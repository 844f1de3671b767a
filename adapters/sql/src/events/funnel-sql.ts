import type { Knex } from 'knex';
import type { FunnelQuery } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { stringProperty } from './sql-expressions.js';
import { literal, stepCondition } from './step-condition.js';

const range = (n: number, from = 1) => Array.from({ length: n - from + 1 }, (_, i) => i + from);

/** The people who can pass step 1: an event matching step 2 in [from, to + window). */
function candidates(db: Knex, query: FunnelQuery, second: Knex.Raw): Knex.Raw {
  return db.raw('SELECT DISTINCT person_key AS p FROM ns_events WHERE project_id = ? AND ? AND ts >= ? AND ts < ? AND person_key IS NOT NULL', [
    query.projectId,
    second,
    query.from,
    query.to + query.windowMs,
  ]);
}

/**
 * The attempts of the candidates (`q`), as the memory engine walks them:
 * - `e`, `o`: each candidate's events matching a step, numbered (`seq`) in the funnel's order (time,
 *   first step matched, uuid), with `c<k>`, the running count of step-k events so far;
 * - `n`: `x<k>` = c<k> + 1: the next step-k event after a row is the person's step-k event whose count is
 *   `x<k>` (an equality join; MariaDB recomputes `MIN() OVER` a frame that moves for every row, which
 *   made the "next match" quadratic in a person's events);
 * - `a`: each step-1 event in the range followed greedily, step after step, and how far it got inside
 *   the window; `b`: the furthest attempt per person (earliest on ties).
 */
function attemptsSql(db: Knex, query: FunnelQuery, conditions: Knex.Raw[]): { sql: string; bindings: Knex.RawBinding[] } {
  const steps = range(query.steps.length);
  const later = range(query.steps.length, 2);
  const window = literal(query.windowMs);
  const names = [...new Set(query.steps.map((step) => step.event))];
  const order = 'PARTITION BY p ORDER BY ts, fs, uuid';
  const sql = `
e AS (
  SELECT id, person_key AS p, ts, uuid, ${steps.map((k) => `CASE WHEN ? THEN 1 ELSE 0 END AS m${k}`).join(', ')},
    CASE ${steps.map((k) => `WHEN ? THEN ${k}`).join(' ')} END AS fs
  FROM ns_events
  WHERE project_id = ? AND event_name IN (${names.map(() => '?').join(', ')}) AND ts >= ? AND ts < ? AND person_key IN (SELECT p FROM q)
),
o AS (
  SELECT id, p, ts, ${steps.map((k) => `m${k}`).join(', ')}, ROW_NUMBER() OVER (${order}) AS seq,
    ${later.map((k) => `COUNT(CASE WHEN m${k} = 1 THEN 1 END) OVER (${order} ROWS UNBOUNDED PRECEDING) AS c${k}`).join(', ')}
  FROM e WHERE fs IS NOT NULL
),
n AS (SELECT o.*, ${later.map((k) => `c${k} + 1 AS x${k}`).join(', ')} FROM o),
a AS (
  SELECT s1.p, s1.seq AS q1, s1.id AS sid, ${steps.map((k) => `s${k}.ts AS t${k}`).join(', ')},
    1 ${later.map((k) => `+ CASE WHEN s${k}.ts IS NOT NULL AND s${k}.ts <= s1.ts + ${window} THEN 1 ELSE 0 END`).join(' ')} AS reached
  FROM n s1 ${later.map((k) => `LEFT JOIN n s${k} ON s${k}.p = s${k - 1}.p AND s${k}.c${k} = s${k - 1}.x${k} AND s${k}.m${k} = 1`).join(' ')}
  WHERE s1.m1 = 1 AND s1.ts < ?
),
b AS (SELECT sid, reached, ${steps.map((k) => `t${k}`).join(', ')}, ROW_NUMBER() OVER (PARTITION BY p ORDER BY reached DESC, q1) AS rn FROM a)`;
  return { sql, bindings: [...conditions, ...conditions, query.projectId, ...names, query.from, query.to + query.windowMs, query.to] };
}

/**
 * Everyone else with a step-1 event in the range reaches step 1 only, counted with their first step-1
 * event (time, then uuid: every such event's first matched step is 1); with group-by numbered to find it.
 */
function othersSql(db: Knex, query: FunnelQuery, first: Knex.Raw): Knex.Raw {
  const where = 'FROM ns_events WHERE project_id = ? AND ? AND ts >= ? AND ts < ? AND person_key IS NOT NULL AND person_key NOT IN (SELECT p FROM q)';
  const bindings = [query.projectId, first, query.from, query.to];
  return query.groupBy
    ? db.raw(`SELECT id AS sid, ROW_NUMBER() OVER (PARTITION BY person_key ORDER BY ts, uuid) AS rn ${where}`, bindings)
    : db.raw(`SELECT DISTINCT NULL AS sid, 1 AS rn, person_key ${where}`, bindings);
}

/**
 * The funnel as one statement (docs/queries.md "Funnels"), with the memory engine's algorithm run on the
 * people who can pass step 1 (`q`: a step-2 event where a step 2 can be), everyone else with a step-1
 * event counted at step 1 (`f`):
 * - `w`: each counted person's attempt (its step-1 row `sid`, steps reached, step times), `g` with the
 *   group read off that step-1 row only (a wide text column in every row of `n` would push MariaDB's
 *   temporary tables to disk);
 * - `x`, `y`: the groups ranked; `u`: one row per person and step reached in a kept group, with the time
 *   from the previous step, and `r` those ranked for the nearest-rank median.
 */
export function funnelSql(db: Knex, dialect: SqlDialect, query: FunnelQuery): Knex.Raw {
  const steps = range(query.steps.length);
  const later = range(query.steps.length, 2);
  const conditions = query.steps.map((step) => stepCondition(db, dialect, step));
  const limit = query.groupBy?.limit ?? 1;
  const attempts = attemptsSql(db, query, conditions);
  const group = query.groupBy ? db.raw('?', [stringProperty(db, dialect, query.groupBy.property)]) : db.raw('NULL');
  const sql = `
WITH q AS (?),${attempts.sql},
f AS (?),
w AS (
  SELECT sid, reached, ${steps.map((k) => `t${k}`).join(', ')} FROM b WHERE rn = 1
  UNION ALL
  SELECT sid, 1 AS reached, ${steps.map((k) => `NULL AS t${k}`).join(', ')} FROM f WHERE rn = 1
),
g AS (SELECT w.*, ? AS grp FROM w ${query.groupBy ? 'JOIN ns_events ev ON ev.id = w.sid' : ''}),
x AS (SELECT g.*, COUNT(*) OVER (PARTITION BY grp) AS size FROM g),
y AS (SELECT x.*, DENSE_RANK() OVER (ORDER BY size DESC, CASE WHEN grp IS NULL THEN 1 ELSE 0 END, grp) AS gr FROM x),
u AS (
  SELECT grp, gr, ks.k, CASE ks.k ${later.map((k) => `WHEN ${k} THEN t${k} - t${k - 1}`).join(' ')} ELSE 0 END AS d
  FROM y JOIN (${steps.map((k) => `SELECT ${k} AS k`).join(' UNION ALL ')}) ks ON ks.k <= y.reached
  WHERE y.gr <= ${literal(limit)}
),
r AS (
  SELECT gr, grp, k, d, ROW_NUMBER() OVER (PARTITION BY gr, k ORDER BY d) AS rk, COUNT(*) OVER (PARTITION BY gr, k) AS cnt FROM u
)
SELECT gr, MAX(grp) AS grp, k, MAX(cnt) AS people, MAX(CASE WHEN rk = ${dialect.intDiv('(cnt + 1)', 2)} THEN d END) AS median
FROM r GROUP BY gr, k`;
  const second = conditions[1] ?? conditions[0]!;
  return db.raw(sql, [candidates(db, query, second), ...attempts.bindings, othersSql(db, query, conditions[0]!), group]);
}
