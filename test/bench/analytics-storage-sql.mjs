// The four bench questions as hand-written SQL over each candidate layout of the storage experiment
// (analytics-storage-layouts.mjs), with one normal form per question to compare every variant's answer
// with the naive query's (analytics-queries.mjs). Layout A's and C's SQL is the engine's own, captured
// when the engine runs the question (C's reads `exp_c_events` instead of `ns_events`).
import { Buffer } from 'node:buffer';
import { slotOf, valueId } from './analytics-storage-layouts.mjs';

const DAY_MS = 86_400_000;

const dayDate = (day) => new Date(Number(day) * DAY_MS).toISOString().slice(0, 10);
const text = (value) => (value === null || value === undefined ? '∅' : Buffer.isBuffer(value) ? value.toString('utf8') : String(value));
const sorted = (lines) => [...lines].sort();

/** Rows of each question's SQL (every variant answers in these columns) in the naive query's form. */
export const NORMAL_FORMS = {
  uniq: (rows) => sorted(rows.map((row) => `${dayDate(row.bucket)} ${text(row.grp)} ${Number(row.value)}`)),
  funnel: (rows, steps) => Array.from({ length: steps }, (_, i) => Number(rows.find((row) => Number(row.k) === i + 1)?.people ?? 0)),
  // the engine's week index is (day + 3) DIV 7; its Monday is day index·7 − 3
  retention: (rows) => sorted(rows.map((row) => `${dayDate(Number(row.cohort) * 7 - 3)} ${Number(row.n)} ${Number(row.people)}`)),
  p90: (rows) => sorted(rows.map((row) => `${dayDate(row.bucket)} ${Number(row.value)}`)),
};

/** The engine's statement run on another table: every `ns_events` becomes `table`. */
export const onTable = (statement, table) => ({ sql: statement.sql.replace(/\bns_events\b/g, table), bindings: statement.bindings });

/** B's expressions: a string property's slot (or its JSON where it has none) and a numeric one's. */
function factExpressions(slots) {
  const str = (key) => {
    const slot = slotOf(slots, 'str', key);
    if (slot === undefined) throw new Error(`no slot for ${key}`);
    return slot;
  };
  const num = (key) => {
    const slot = slotOf(slots, 'num', key);
    if (slot === undefined) throw new Error(`no slot for ${key}`);
    return slot;
  };
  return { str, num };
}

/**
 * Question 1 on B in the engine's shape: the matching rows `m` (one filter on a slot, the group a slot),
 * groups ranked by distinct people over the range (ties by the value's text from the dictionary), the
 * top `limit` joined back and counted per day; group ids turned back into text at the end.
 */
export function uniqOnFacts(query, slots, table = 'exp_b_facts') {
  const { str } = factExpressions(slots);
  const [filter] = query.filters;
  const grp = str(query.groupBy.property);
  return {
    sql: `
WITH m AS (
  SELECT ts DIV 86400000 AS bucket, person_key, ${grp} AS grp FROM ${table}
  WHERE project_id = ? AND event_name = ? AND ts >= ? AND ts < ? AND ${str(filter.property)} = ?
),
r AS (
  SELECT w.grp, ROW_NUMBER() OVER (ORDER BY w.value DESC, CASE WHEN w.grp IS NULL THEN 1 ELSE 0 END, d.value) AS rn
  FROM (SELECT grp, COUNT(DISTINCT person_key) AS value FROM m GROUP BY grp) w
  LEFT JOIN exp_b_values d ON d.project_id = ? AND d.id = w.grp
),
t AS (SELECT grp, rn FROM r WHERE rn <= ?)
SELECT v.bucket, CAST(d.value AS BINARY) AS grp, v.value FROM (
  SELECT m.bucket, m.grp, COUNT(DISTINCT m.person_key) AS value FROM m JOIN t ON m.grp <=> t.grp GROUP BY m.bucket, m.grp
) v LEFT JOIN exp_b_values d ON d.project_id = ? AND d.id = v.grp`,
    bindings: [query.projectId, query.events[0], query.from, query.to, valueId(filter.value), query.projectId, query.groupBy.limit, query.projectId],
  };
}

/**
 * Question 1 in one scan (D): the distinct (day, group, person) once; each person's first day in a group
 * (`ROW_NUMBER`) makes the group's people over the range a sum of per-day counts, so ranking and counting
 * read the same derived rows instead of the matching events twice (MariaDB runs a CTE once per reference).
 * `grp` and `condition` are the layout's expressions (with their bindings); `label(column)` the group's text.
 */
export function uniqOneScan(query, { table, grp, grpBindings = [], condition, conditionBindings = [], label, labelBindings = [] }) {
  return {
    sql: `
WITH s AS (
  SELECT DISTINCT ts DIV 86400000 AS bucket, ${grp} AS grp, person_key FROM ${table}
  WHERE project_id = ? AND event_name = ? AND ts >= ? AND ts < ? AND ${condition}
),
x AS (
  SELECT bucket, grp, COUNT(*) AS value, SUM(CASE WHEN fb = 1 THEN 1 ELSE 0 END) AS fresh
  FROM (SELECT bucket, grp, ROW_NUMBER() OVER (PARTITION BY grp, person_key ORDER BY bucket) AS fb FROM s) f
  GROUP BY bucket, grp
),
y AS (SELECT bucket, grp, value, ${label('grp')} AS label, SUM(fresh) OVER (PARTITION BY grp) AS people FROM x),
z AS (SELECT y.*, DENSE_RANK() OVER (ORDER BY people DESC, CASE WHEN grp IS NULL THEN 1 ELSE 0 END, label) AS gr FROM y)
SELECT bucket, label AS grp, value FROM z WHERE gr <= ?`,
    bindings: [...grpBindings, query.projectId, query.events[0], query.from, query.to, ...conditionBindings, ...labelBindings, query.groupBy.limit],
  };
}

const range = (n, from = 1) => Array.from({ length: n - from + 1 }, (_, i) => i + from);

/**
 * Question 2 in other forms (D), steps without filters:
 * - `pruned`: a person reaches step 2 or further only with a step-2 event in [from, to + window), so the
 *   engine's algorithm (order, "next match", greedy attempts, the furthest one) runs over those people's
 *   events alone (`q`); step 1 is the distinct people with a step-1 event in the range;
 * - `byPerson` (with `pruned`): those people's events read through the person index
 *   `(project_id, person_key, ts, uuid)`, a range per person, instead of the steps' time range;
 * - `linear`: "the next event matching step k" as the (c + 1)-th step-k event of the person, where c is the
 *   running count of step-k events so far (`COUNT() OVER (... ROWS UNBOUNDED PRECEDING)`, one sort shared
 *   with the order's `ROW_NUMBER()`), joined on equality of columns (`x` = c + 1, the person of the
 *   previous step's row), so that MariaDB keys its derived table on (p, c); the engine's `MIN() OVER (... ROWS BETWEEN 1
 *   FOLLOWING AND UNBOUNDED FOLLOWING)` is recomputed for every row by MariaDB (quadratic in a person's events).
 */
export function funnelForm(query, table, { pruned = false, byPerson = false, linear = false } = {}) {
  const steps = range(query.steps.length);
  const later = range(query.steps.length, 2);
  const names = [...new Set(query.steps.map((step) => step.event))];
  const order = 'PARTITION BY p ORDER BY ts, fs, uuid';
  const following = 'PARTITION BY p ORDER BY seq ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING';
  const list = names.map(() => '?').join(', ');
  const source = !pruned
    ? `FROM ${table} t WHERE t.project_id = ? AND t.event_name IN (${list}) AND t.ts >= ? AND t.ts < ? AND t.person_key IS NOT NULL`
    : byPerson
      ? `FROM q JOIN ${table} t ON t.project_id = ? AND t.person_key = q.person_key AND t.event_name IN (${list}) AND t.ts >= ? AND t.ts < ?`
      : `FROM ${table} t WHERE t.project_id = ? AND t.event_name IN (${list}) AND t.ts >= ? AND t.ts < ? AND t.person_key IN (SELECT person_key FROM q)`;
  const next = linear
    ? `o AS (
  SELECT p, ts, ${steps.map((k) => `m${k}`).join(', ')}, ROW_NUMBER() OVER (${order}) AS seq,
    ${later.map((k) => `COUNT(CASE WHEN m${k} = 1 THEN 1 END) OVER (${order} ROWS UNBOUNDED PRECEDING) AS c${k}`).join(', ')}
  FROM e WHERE fs IS NOT NULL
),
n AS (SELECT o.*, ${later.map((k) => `c${k} + 1 AS x${k}`).join(', ')} FROM o),`
    : `o AS (SELECT p, ts, ${steps.map((k) => `m${k}`).join(', ')}, ROW_NUMBER() OVER (${order}) AS seq FROM e WHERE fs IS NOT NULL),
n AS (SELECT p, seq, ts, m1, ${later.map((k) => `MIN(CASE WHEN m${k} = 1 THEN seq END) OVER (${following}) AS n${k}`).join(', ')} FROM o),`;
  const join = (k) =>
    linear
      ? `LEFT JOIN n s${k} ON s${k}.p = s${k - 1}.p AND s${k}.c${k} = s${k - 1}.x${k} AND s${k}.m${k} = 1`
      : `LEFT JOIN n s${k} ON s${k}.p = s1.p AND s${k}.seq = s${k - 1}.n${k}`;
  const firstStep = pruned
    ? `
UNION ALL
SELECT 1 AS k, COUNT(DISTINCT person_key) AS people FROM ${table}
WHERE project_id = ? AND event_name = ? AND ts >= ? AND ts < ? AND person_key IS NOT NULL`
    : '';
  const sql = `
WITH ${pruned ? `q AS (SELECT DISTINCT person_key FROM ${table} WHERE project_id = ? AND event_name = ? AND ts >= ? AND ts < ? AND person_key IS NOT NULL),` : ''}
e AS (
  SELECT t.person_key AS p, t.ts, t.uuid, ${steps.map((k) => `CASE WHEN t.event_name = ? THEN 1 ELSE 0 END AS m${k}`).join(', ')},
    CASE ${steps.map((k) => `WHEN t.event_name = ? THEN ${k}`).join(' ')} END AS fs
  ${source}
),
${next}
a AS (
  SELECT s1.p, s1.seq AS q1, ${steps.map((k) => `s${k}.ts AS t${k}`).join(', ')},
    1 ${later.map((k) => `+ CASE WHEN s${k}.ts IS NOT NULL AND s${k}.ts <= s1.ts + ${query.windowMs} THEN 1 ELSE 0 END`).join(' ')} AS reached
  FROM n s1 ${later.map(join).join(' ')}
  WHERE s1.m1 = 1 AND s1.ts < ?
),
b AS (SELECT reached, ROW_NUMBER() OVER (PARTITION BY p ORDER BY reached DESC, q1) AS rn FROM a)
SELECT ks.k, COUNT(*) AS people FROM b JOIN (${(pruned ? later : steps).map((k) => `SELECT ${k} AS k`).join(' UNION ALL ')}) ks ON ks.k <= b.reached
WHERE b.rn = 1 GROUP BY ks.k${firstStep}`;
  const events = query.steps.map((step) => step.event);
  const until = query.to + query.windowMs;
  return {
    sql,
    bindings: [
      ...(pruned ? [query.projectId, events[1], query.from, until] : []),
      ...events,
      ...events,
      query.projectId,
      ...names,
      query.from,
      until,
      query.to,
      ...(pruned ? [query.projectId, events[0], query.from, query.to] : []),
    ],
  };
}

/** The engine's funnel statement on B: the fact table has no `id` (its key ends with the uuid); without group-by nothing reads it. */
export const funnelOnFacts = (statement, table = 'exp_b_facts') => {
  const moved = onTable(statement, table);
  return { sql: moved.sql.replace('SELECT id, person_key AS p', 'SELECT NULL AS id, person_key AS p'), bindings: moved.bindings };
};

/**
 * Question 3's events scan (the engine's retention statement when the rollup cannot answer: here a
 * start filter `is_set`), in the engine's shape for UTC weeks; `start` is the layout's condition for the
 * filter. `pruned` (D) first takes the people with a start event in the range (`q`) and reads only their
 * events: nobody else has a cohort; `byPerson` (with `pruned`) reads them through the person index.
 * `firstValue`: each person's first start as `FIRST_VALUE()` over the person's rows ordered start first,
 * then by time, instead of the engine's `MIN() OVER (PARTITION BY p)`, which MariaDB recomputes for every
 * row of the partition (quadratic in a person's events). `oneRef`: one row per (person, cohort, period n),
 * n = 0 for every row that is not a counted return, counted once — the engine's `z` is read twice (the
 * returns, then the cohort sizes), and MariaDB computes a CTE again for each reference.
 */
export function retentionScan(query, { table, start, startBindings = [], pruned = false, byPerson = false, firstValue = false, oneRef = false }) {
  const week = (column) => `(((${column} DIV 86400000) + 3) DIV 7)`;
  const lastCohort = Math.floor((Math.floor((query.to - 1) / DAY_MS) + 3) / 7);
  const until = ((lastCohort + query.periods + 1) * 7 - 3) * DAY_MS;
  const people = pruned
    ? `q AS (SELECT DISTINCT person_key FROM ${table} WHERE project_id = ? AND event_name = ? AND ts >= ? AND ts < ? AND ${start} AND person_key IS NOT NULL),`
    : '';
  const returned = `CASE WHEN rt = 1 AND ${week('ts')} > ${week('first')} AND ${week('ts')} <= ${week('first')} + ${query.periods} THEN ${week('ts')} - ${week('first')} ELSE 0 END`;
  const tail = oneRef
    ? `z AS (SELECT DISTINCT p, ${week('first')} AS cohort, ${returned} AS n FROM y WHERE first IS NOT NULL)
SELECT cohort, n, COUNT(*) AS people FROM z GROUP BY cohort, n`
    : `z AS (SELECT DISTINCT p, ${week('first')} AS cohort, ${week('ts')} AS per, rt FROM y WHERE first IS NOT NULL)
SELECT cohort, per - cohort AS n, COUNT(DISTINCT p) AS people FROM z
WHERE rt = 1 AND per > cohort AND per <= cohort + ${query.periods}
GROUP BY cohort, per - cohort
UNION ALL
SELECT cohort, 0 AS n, COUNT(DISTINCT p) AS people FROM z GROUP BY cohort`;
  return {
    sql: `
WITH ${people}
x AS (
  SELECT t.person_key AS p, t.ts, CASE WHEN t.ts < ? AND t.event_name = ? AND ${start} THEN 1 ELSE 0 END AS st,
    CASE WHEN t.event_name = ? THEN 1 ELSE 0 END AS rt
  ${
    byPerson
      ? `FROM q JOIN ${table} t ON t.project_id = ? AND t.person_key = q.person_key AND t.event_name IN (?, ?) AND t.ts >= ? AND t.ts < ?`
      : `FROM ${table} t WHERE t.project_id = ? AND t.event_name IN (?, ?) AND t.ts >= ? AND t.ts < ? AND t.person_key IS NOT NULL
  ${pruned ? 'AND t.person_key IN (SELECT person_key FROM q)' : ''}`
  }
),
y AS (SELECT p, ts, rt, ${
      firstValue
        ? 'FIRST_VALUE(CASE WHEN st = 1 THEN ts END) OVER (PARTITION BY p ORDER BY st DESC, ts)'
        : 'MIN(CASE WHEN st = 1 THEN ts END) OVER (PARTITION BY p)'
    } AS first FROM x WHERE st = 1 OR rt = 1),
${tail}`,
    bindings: [
      ...(pruned ? [query.projectId, query.start.event, query.from, query.to, ...startBindings] : []),
      query.to,
      query.start.event,
      ...startBindings,
      query.return.event,
      query.projectId,
      query.start.event,
      query.return.event,
      query.from,
      until,
    ],
  };
}

/** Question 4 on B in the engine's shape: `ROW_NUMBER()` and `COUNT(*)` windows per day, the row at the nearest rank. */
export function percentileOnFacts(query, slots, table = 'exp_b_facts') {
  const { num } = factExpressions(slots);
  const value = num(query.property);
  return {
    sql: `
SELECT bucket, num AS value FROM (
  SELECT ts DIV 86400000 AS bucket, ${value} AS num, ROW_NUMBER() OVER (PARTITION BY ts DIV 86400000 ORDER BY ${value}) AS rn,
    COUNT(*) OVER (PARTITION BY ts DIV 86400000) AS cnt
  FROM ${table} WHERE project_id = ? AND event_name = ? AND ts >= ? AND ts < ? AND ${value} IS NOT NULL
) pr WHERE rn = (90 * cnt + 99) DIV 100`,
    bindings: [query.projectId, query.events[0], query.from, query.to],
  };
}

/**
 * Question 4 counted (D): one row per (day, value) with its count, a running sum per day; the nearest
 * rank ⌈p·n/100⌉ falls on the smallest value whose running count reaches it. Sorts the distinct values
 * of a day instead of its events. `value` is the layout's expression of the property.
 */
export function percentileCounted(query, { table, value, bindings = [] }) {
  return {
    sql: `
WITH c AS (
  SELECT ts DIV 86400000 AS bucket, ${value} AS num, COUNT(*) AS k FROM ${table}
  WHERE project_id = ? AND event_name = ? AND ts >= ? AND ts < ? AND ${value} IS NOT NULL GROUP BY 1, 2
),
r AS (
  SELECT bucket, num, SUM(k) OVER (PARTITION BY bucket ORDER BY num ROWS UNBOUNDED PRECEDING) AS cum, SUM(k) OVER (PARTITION BY bucket) AS cnt FROM c
)
SELECT bucket, MIN(num) AS value FROM r WHERE cum >= (90 * cnt + 99) DIV 100 GROUP BY bucket`,
    bindings: [...bindings, query.projectId, query.events[0], query.from, query.to, ...bindings],
  };
}
