import type { Knex } from 'knex';
import type { FunnelGroupRow, FunnelQuery } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { stringProperty } from './sql-expressions.js';
import { literal, stepCondition } from './step-condition.js';

interface CountRow {
  grp: string | Uint8Array | null;
  gr: number | string;
  k: number | string;
  people: number | string;
  median: number | string | null;
}

/** A group value: text on SQLite, bytes on MySQL (see `stringProperty`). */
function groupText(value: string | Uint8Array | null): string | null {
  if (value === null) return null;
  return typeof value === 'string' ? value : new TextDecoder().decode(value);
}

const range = (n: number, from = 1) => Array.from({ length: n - from + 1 }, (_, i) => i + from);

/**
 * The funnel as one statement (docs/queries.md "Funnels"), with the memory engine's algorithm:
 * - `e`, `o`: each person's events matching a step, numbered (`seq`) in the funnel's order (time, first
 *   step matched, uuid);
 * - `n`: for each event and step k, the `seq` of the next event after it matching step k (one window per
 *   step: linear in the events, no per-pair comparison);
 * - `a`: each step-1 event in the range followed greedily through `n` (one equality join per step), and
 *   how far it got inside the window; `w`: each person's furthest attempt (earliest on ties);
 * - `x`, `y`: the groups ranked; `u`: one row per person and step reached in a kept group, with the time
 *   from the previous step, and `r` those ranked for the nearest-rank median.
 * Each CTE but `n` is read once: MariaDB materialises a CTE again for every reference.
 */
function funnelSql(db: Knex, dialect: SqlDialect, query: FunnelQuery): Knex.Raw {
  const steps = range(query.steps.length);
  const later = range(query.steps.length, 2);
  const window = literal(query.windowMs);
  const matches = query.steps.map((step) => stepCondition(db, dialect, step));
  // read off the counted attempt's step-1 row only: a wide text column in every row of `n` would push
  // MariaDB's temporary tables to disk
  const group = query.groupBy ? '? AS grp' : 'NULL AS grp';
  const names = [...new Set(query.steps.map((step) => step.event))];
  const limit = query.groupBy?.limit ?? 1;
  const person = 'PARTITION BY p ORDER BY seq ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING';

  const sql = `
WITH e AS (
  SELECT id, person_key AS p, ts, uuid, ${steps.map((k) => `CASE WHEN ? THEN 1 ELSE 0 END AS m${k}`).join(', ')},
    CASE ${steps.map((k) => `WHEN ? THEN ${k}`).join(' ')} END AS fs
  FROM ns_events
  WHERE project_id = ? AND event_name IN (${names.map(() => '?').join(', ')}) AND ts >= ? AND ts < ? AND person_key IS NOT NULL
),
o AS (
  SELECT id, p, ts, ${steps.map((k) => `m${k}`).join(', ')}, ROW_NUMBER() OVER (PARTITION BY p ORDER BY ts, fs, uuid) AS seq
  FROM e WHERE fs IS NOT NULL
),
n AS (
  SELECT id, p, seq, ts, m1, ${later.map((k) => `MIN(CASE WHEN m${k} = 1 THEN seq END) OVER (${person}) AS n${k}`).join(', ')}
  FROM o
),
a AS (
  SELECT s1.p, s1.seq AS q1, s1.id AS sid, ${steps.map((k) => `s${k}.ts AS t${k}`).join(', ')},
    1 ${later.map((k) => `+ CASE WHEN s${k}.ts IS NOT NULL AND s${k}.ts <= s1.ts + ${window} THEN 1 ELSE 0 END`).join(' ')} AS reached
  FROM n s1 ${later.map((k) => `LEFT JOIN n s${k} ON s${k}.p = s1.p AND s${k}.seq = s${k - 1}.n${k}`).join(' ')}
  WHERE s1.m1 = 1 AND s1.ts < ?
),
b AS (
  SELECT sid, reached, ${steps.map((k) => `t${k}`).join(', ')}, ROW_NUMBER() OVER (PARTITION BY p ORDER BY reached DESC, q1) AS rn FROM a
),
w AS (SELECT b.*, ${group} FROM b ${query.groupBy ? 'JOIN ns_events g ON g.id = b.sid ' : ''}WHERE rn = 1),
x AS (SELECT w.*, COUNT(*) OVER (PARTITION BY grp) AS size FROM w),
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
  const grouping = query.groupBy ? [stringProperty(db, dialect, query.groupBy.property)] : [];
  return db.raw(sql, [...matches, ...matches, query.projectId, ...names, query.from, query.to + query.windowMs, query.to, ...grouping]);
}

/** Runs the funnel inside the database; JS only lays the per-step rows out. */
export async function funnel(db: Knex, dialect: SqlDialect, query: FunnelQuery): Promise<FunnelGroupRow[]> {
  const rows = dialect.rawRows<CountRow>(await funnelSql(db, dialect, query));
  const groups = new Map<number, FunnelGroupRow>();
  const empty = (): FunnelGroupRow['steps'] => query.steps.map(() => ({ people: 0, medianMs: null }));
  for (const row of rows) {
    const rank = Number(row.gr);
    const entry = groups.get(rank) ?? (query.groupBy ? { group: groupText(row.grp), steps: empty() } : { steps: empty() });
    groups.set(rank, entry);
    const k = Number(row.k);
    entry.steps[k - 1] = { people: Number(row.people), medianMs: k === 1 || row.median === null ? null : Number(row.median) };
  }
  const ranked = [...groups].sort(([a], [b]) => a - b).map(([, entry]) => entry);
  if (!query.groupBy && ranked.length === 0) return [{ steps: empty() }];
  return ranked;
}
