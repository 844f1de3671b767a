import type { Knex } from 'knex';
import type { FunnelQuery } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import type { SlotReader } from './slot-reader.js';
import { DAY_MS } from './event-rows.js';
import { literal, stepCondition } from './step-condition.js';
import { EVERYONE, eventsInPart, keysInPart } from './person-parts.js';
import type { PersonPart } from './person-parts.js';

const range = (n: number, from = 1) => Array.from({ length: n - from + 1 }, (_, i) => i + from);

/**
 * True when the people who reach step 1 only can be read off `ns_person_days` (one row per person, event and
 * UTC day) instead of the events: no group-by (only the person matters), no filter on step 1, and a range of
 * whole UTC days. The rollup holds exactly the person keys of the stored events (links and deletions keep it so).
 */
const stepOneFromRollup = (query: FunnelQuery): boolean =>
  !query.groupBy && (query.steps[0]?.filters ?? []).length === 0 && query.from % DAY_MS === 0 && query.to % DAY_MS === 0;

/** SQL text and its bindings, in order. */
interface Part {
  sql: string;
  bindings: Knex.RawBinding[];
}

/**
 * The attempts of the people who can pass step 1 (`q`), as the memory engine walks them:
 * - `e`, `o`: each candidate's events matching a step (but for those after the range that match step 1
 *   alone: no attempt starts there, and no attempt takes them), numbered (`seq`) in the funnel's order (time,
 *   first step matched, uuid), with `c<k>`, the running count of step-k events so far; `o` is read by every
 *   step's join, and computed once (`dialect.sharedCte`);
 * - `n`: `x<k>` = c<k> + 1: the next step-k event after a row is the person's step-k event whose count is
 *   `x<k>` (an equality join; MariaDB recomputes `MIN() OVER` a frame that moves for every row, which
 *   made the "next match" quadratic in a person's events); `k<k>`: the step-k events alone, one per
 *   (person, c<k>), with the x of the next step: the join's derived table keyed on (p, c<k>) finds one row,
 *   where over `n` it found every event between two step-k events (3.0 s against 2.4 s at 10 M bench events);
 * - `a`: each step-1 event in the range followed greedily, step after step, and how far it got inside
 *   the window; `b`: the furthest attempt per person (earliest on ties). Each attempt keeps its step-1
 *   event's uuid (`sid`) and, for a slotted group-by property, its group (`g`).
 */
function attempts(dialect: SqlDialect, query: FunnelQuery, from: string, conditions: Knex.Raw[], group: Knex.Raw | undefined, people: PersonPart): Part {
  const steps = range(query.steps.length);
  const later = range(query.steps.length, 2);
  const window = literal(query.windowMs);
  const names = [...new Set(query.steps.map((step) => step.event))];
  const order = 'PARTITION BY p ORDER BY ts, fs, uuid';
  const sql = `
e AS (
  SELECT f.person_key AS p, f.ts AS ts, f.uuid AS uuid, ${steps.map((k) => `CASE WHEN ? THEN 1 ELSE 0 END AS m${k}`).join(', ')},
    CASE ${steps.map((k) => `WHEN ? THEN ${k}`).join(' ')} END AS fs, ${group ? '?' : 'NULL'} AS g
  FROM ${from}
  WHERE f.project_id = ? AND f.event_name IN (${names.map(() => '?').join(', ')}) AND f.ts >= ? AND f.ts < ?${eventsInPart('f', people)} AND f.person_key IN (SELECT p FROM q)
    AND (f.ts < ? OR ${later.map(() => '?').join(' OR ')})
),
o AS (
  ${dialect.sharedCte(
    'o',
    `SELECT p, ts, uuid, g, ${steps.map((k) => `m${k}`).join(', ')}, ROW_NUMBER() OVER (${order}) AS seq,
    ${later.map((k) => `COUNT(CASE WHEN m${k} = 1 THEN 1 END) OVER (${order} ROWS UNBOUNDED PRECEDING) AS c${k}`).join(', ')}
  FROM e WHERE fs IS NOT NULL`,
  )}
),
n AS (SELECT o.*, ${later.map((k) => `c${k} + 1 AS x${k}`).join(', ')} FROM o),
${later
  .map((k) => `k${k} AS (SELECT DISTINCT p, ts, c${k}${k < query.steps.length ? `, c${k + 1} + 1 AS x${k + 1}` : ''} FROM o WHERE m${k} = 1)`)
  .join(',\n')},
a AS (
  SELECT s1.p, s1.seq AS q1, s1.uuid AS sid, s1.g AS g, ${steps.map((k) => `s${k}.ts AS t${k}`).join(', ')},
    1 ${later.map((k) => `+ CASE WHEN s${k}.ts IS NOT NULL AND s${k}.ts <= s1.ts + ${window} THEN 1 ELSE 0 END`).join(' ')} AS reached
  FROM n s1 ${later.map((k) => `LEFT JOIN k${k} s${k} ON s${k}.p = s${k - 1}.p AND s${k}.c${k} = s${k - 1}.x${k}`).join(' ')}
  WHERE s1.m1 = 1 AND s1.ts < ?
),
b AS (
  SELECT sid, g, reached, ${steps.map((k) => `t${k}`).join(', ')}, ROW_NUMBER() OVER (PARTITION BY p ORDER BY reached DESC, q1) AS rn FROM a
)`;
  return {
    sql,
    bindings: [
      ...conditions,
      ...conditions,
      ...(group ? [group] : []),
      query.projectId,
      ...names,
      query.from,
      query.to + query.windowMs,
      query.to,
      ...conditions.slice(1),
      query.to,
    ],
  };
}

/**
 * The funnel as one statement (docs/queries.md "Funnels") over `ns_events f` (the step filters read
 * from the slots of its time index, or from the rows' JSON), with the memory engine's algorithm run on the people who
 * can pass step 1 (`q`: an event matching step 2 inside [from, to + window)); everyone else with a
 * step-1 event in the range reaches step 1, counted with their first one (`r1`: time, then uuid — every
 * such event's first matched step is 1; without group-by only the person matters, read off the person-days
 * rollup where it answers, `stepOneFromRollup`):
 * - `w`: each counted person's attempt (its step-1 event's uuid, steps reached, step times), `g` with the
 *   group of that step-1 event (a slot's value id carried from the events, or the JSON's text read off
 *   that row; the text of a value id is read where groups are ranked and answered);
 * - `x`, `y`: the groups ranked; `u`: one row per person and step reached in a kept group, with the time
 *   from the previous step, and `r` those ranked for the nearest-rank median.
 * For one part of several of the `people` (`funnelParts`; a group-by only of a slotted property), the rows
 * are `grp, k, d, c` instead: how many people of the group (its key, `SlotReader.keyText`) reached step k
 * with d ms from the previous step (at most `partRows` rows) — the groups are ranked and the medians read off the parts' sums.
 */
export function funnelSql(
  db: Knex,
  dialect: SqlDialect,
  query: FunnelQuery,
  reader: SlotReader,
  people: PersonPart = EVERYONE,
  partRows = Number.POSITIVE_INFINITY,
): Knex.Raw {
  const steps = range(query.steps.length);
  const later = range(query.steps.length, 2);
  const conditions = query.steps.map((step) => stepCondition(db, reader, step));
  const from = 'ns_events f';
  const limit = query.groupBy?.limit ?? 1;
  const grouping = reader.fork();
  const property = query.groupBy?.property ?? '';
  const group = query.groupBy ? grouping.groupKey(property) : db.raw('NULL');
  // a slotted group (a value id in the time index) travels with the step-1 events (`g`); a group from the
  // JSON (text, up to 8,192 characters: a wide column of the derived tables) is read at the end from the
  // counted attempt's step-1 row, by its (project_id, uuid) key — as a join MariaDB scanned all of
  // `ns_events` and probed the attempts (7.5 s for a grouped funnel at 10 M bench events)
  const carried = query.groupBy !== undefined && !grouping.needsRow;
  if (people.count > 1 && query.groupBy && !carried) throw new Error('A funnel grouped by a property without a slot is not cut into parts');
  const part = attempts(dialect, query, from, conditions, carried ? group : undefined, people);
  const rollup = stepOneFromRollup(query);
  // a group's text (up to 8,192 characters) only where it decides or is answered: a wide column in the
  // derived tables makes MariaDB's temporary tables spill to disk
  const label = (column: string) => (query.groupBy ? grouping.label(property, column) : db.raw(column));
  const groupOf = !query.groupBy ? 'NULL' : carried ? 'w.g' : `(SELECT ? FROM ns_events f WHERE f.project_id = ${literal(query.projectId)} AND f.uuid = w.sid)`;
  const durations = `CASE ks.k ${later.map((k) => `WHEN ${k} THEN t${k} - t${k - 1}`).join(' ')} ELSE 0 END AS d`;
  const stepNumbers = `(${steps.map((k) => `SELECT ${k} AS k`).join(' UNION ALL ')}) ks`;
  // a part: every group's people per step and time from the previous step (the groups are ranked on the parts' sums)
  const partTail = `
u AS (SELECT w.g AS grp, ks.k, ${durations} FROM w JOIN ${stepNumbers} ON ks.k <= w.reached)
SELECT ? AS grp, k, d, c FROM (SELECT grp, k, d, COUNT(*) AS c FROM u GROUP BY grp, k, d) z${Number.isFinite(partRows) ? ` LIMIT ${literal(partRows)}` : ''}`;
  const wholeTail = `
g AS (SELECT w.*, ${groupOf} AS grp FROM w),
x AS (SELECT g.*, COUNT(*) OVER (PARTITION BY grp) AS size FROM g),
y AS (SELECT x.*, DENSE_RANK() OVER (ORDER BY size DESC, CASE WHEN grp IS NULL THEN 1 ELSE 0 END, ?) AS gr FROM x),
u AS (
  SELECT grp, gr, ks.k, ${durations}
  FROM y JOIN ${stepNumbers} ON ks.k <= y.reached
  WHERE y.gr <= ${literal(limit)}
),
r AS (
  SELECT gr, grp, k, d, ROW_NUMBER() OVER (PARTITION BY gr, k ORDER BY d) AS rk, COUNT(*) OVER (PARTITION BY gr, k) AS cnt FROM u
)
SELECT gr, ? AS grp, k, people, median FROM (
  SELECT gr, MAX(grp) AS grp, k, MAX(cnt) AS people, MAX(CASE WHEN rk = ${dialect.intDiv('(cnt + 1)', 2)} THEN d END) AS median
  FROM r GROUP BY gr, k
) z`;
  const sql = `
WITH RECURSIVE q AS (
  SELECT DISTINCT f.person_key AS p FROM ${from} WHERE f.project_id = ? AND ? AND f.ts >= ? AND f.ts < ? AND f.person_key IS NOT NULL${eventsInPart('f', people)}
),${part.sql},
r1 AS (${
    rollup
      ? `
  SELECT DISTINCT NULL AS sid, NULL AS g, 1 AS rn, d.person_key FROM ns_person_days d
  WHERE d.project_id = ? AND d.event_name = ? AND d.day >= ? AND d.day < ? AND d.person_key NOT IN (SELECT p FROM q)${keysInPart('d.person_key', people)}`
      : `
  SELECT ${
    query.groupBy
      ? `f.uuid AS sid, ${carried ? '?' : 'NULL'} AS g, ROW_NUMBER() OVER (PARTITION BY f.person_key ORDER BY f.ts, f.uuid) AS rn`
      : 'DISTINCT NULL AS sid, NULL AS g, 1 AS rn, f.person_key'
  }
  FROM ${from}
  WHERE f.project_id = ? AND ? AND f.ts >= ? AND f.ts < ? AND f.person_key IS NOT NULL AND f.person_key NOT IN (SELECT p FROM q)${eventsInPart('f', people)}`
  }
),
w AS (
  SELECT sid, g, reached, ${steps.map((k) => `t${k}`).join(', ')} FROM b WHERE rn = 1
  UNION ALL
  SELECT sid, g, 1 AS reached, ${steps.map((k) => `NULL AS t${k}`).join(', ')} FROM r1 WHERE rn = 1
),
${people.count > 1 ? partTail : wholeTail}`;
  const second = conditions[1] ?? conditions[0]!;
  return db.raw(sql, [
    query.projectId,
    second,
    query.from,
    query.to + query.windowMs,
    ...part.bindings,
    ...(rollup
      ? [query.projectId, query.steps[0]!.event, query.from / DAY_MS, query.to / DAY_MS]
      : [...(carried ? [group] : []), query.projectId, conditions[0]!, query.from, query.to]),
    ...(people.count > 1
      ? [query.groupBy ? grouping.keyText(property, 'z.grp') : db.raw('NULL')]
      : [...(query.groupBy && !carried ? [group] : []), label('grp'), label('z.grp')]),
  ]);
}
