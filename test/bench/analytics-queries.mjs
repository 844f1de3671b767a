// The four analytical questions of the query bench (issue 14), each as our engine query and as a
// naive hand-written SQL over the plain `raw_events` table, with both answers in one comparable form.
import { Buffer } from 'node:buffer';
import { ANALYTICS_DEFAULTS } from './analytics-dataset.mjs';

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
const { projectId, start } = ANALYTICS_DEFAULTS;

const sqlTime = (ms) => new Date(ms).toISOString().slice(0, 23).replace('T', ' ');
/** The person of a raw row, as the engines define it when no device is linked (the dataset links none). */
const PERSON = "IF(user_id IS NOT NULL, CONCAT('u:', user_id), CONCAT('d:', device_id))";
const text = (value) => (value === null || value === undefined ? '∅' : Buffer.isBuffer(value) ? value.toString('utf8') : String(value));
const sorted = (lines) => [...lines].sort();

/** 30 days from the dataset's second Monday. */
const month = { from: start + WEEK_MS, to: start + WEEK_MS + 30 * DAY_MS };

const uniqFilteredGrouped = {
  name: 'uniq per day, 30 days, filter plan = pro, group by path (top 10)',
  targetMs: 1000,
  query: {
    kind: 'segmentation',
    projectId,
    events: ['$pageview'],
    metric: 'uniq',
    interval: 'day',
    ...month,
    filters: [{ property: 'plan', op: 'eq', value: 'pro' }],
    groupBy: { property: 'path', limit: 10 },
  },
  ours: (rows) => sorted(rows.map((row) => `${row.bucket} ${text(row.group)} ${row.value}`)),
  async naive(raw) {
    const [rows] = await raw.query(
      `WITH m AS (
         SELECT DATE(ts) AS day, CAST(JSON_UNQUOTE(JSON_EXTRACT(str_properties, '$.path')) AS BINARY) AS grp, ${PERSON} AS person
         FROM raw_events
         WHERE project_id = ? AND event_name = '$pageview' AND ts >= ? AND ts < ?
           AND CAST(JSON_UNQUOTE(JSON_EXTRACT(str_properties, '$.plan')) AS BINARY) = CAST('pro' AS BINARY)
       ),
       top AS (SELECT grp FROM m GROUP BY grp ORDER BY COUNT(DISTINCT person) DESC, grp IS NULL, grp LIMIT 10)
       SELECT m.day, m.grp, COUNT(DISTINCT m.person) AS value FROM m JOIN top ON top.grp <=> m.grp GROUP BY m.day, m.grp`,
      [projectId, sqlTime(month.from), sqlTime(month.to)],
    );
    return sorted(rows.map((row) => `${row.day} ${text(row.grp)} ${Number(row.value)}`));
  },
};

/** A week of the dataset's third week; the conversion window is a day. */
const funnelWeek = { from: start + 2 * WEEK_MS, to: start + 3 * WEEK_MS, windowMs: DAY_MS };

const funnel = {
  name: '3-step funnel ($pageview → signup → purchase), 7 days, 1-day window',
  targetMs: 2000,
  query: { kind: 'funnel', projectId, steps: [{ event: '$pageview' }, { event: 'signup' }, { event: 'purchase' }], ...funnelWeek },
  ours: (groups) => groups[0].steps.map((step) => step.people),
  // Step names differ, so "after the previous step" is "at or after its time": a person reaches step k
  // when some chain of steps 1..k fits in the window of its step 1.
  async naive(raw) {
    const { from, to, windowMs } = funnelWeek;
    const [rows] = await raw.query(
      `WITH s1 AS (SELECT DISTINCT ${PERSON} AS person, ts FROM raw_events WHERE project_id = ? AND event_name = '$pageview' AND ts >= ? AND ts < ?),
       s2 AS (SELECT DISTINCT ${PERSON} AS person, ts FROM raw_events WHERE project_id = ? AND event_name = 'signup' AND ts >= ? AND ts < ?),
       s3 AS (SELECT DISTINCT ${PERSON} AS person, ts FROM raw_events WHERE project_id = ? AND event_name = 'purchase' AND ts >= ? AND ts < ?),
       p2 AS (SELECT s1.person, s1.ts AS t1, s2.ts AS t2 FROM s2 JOIN s1 ON s1.person = s2.person AND s1.ts <= s2.ts AND s2.ts <= s1.ts + INTERVAL ? MICROSECOND),
       p3 AS (SELECT DISTINCT p2.person FROM p2 JOIN s3 ON s3.person = p2.person AND p2.t2 <= s3.ts AND s3.ts <= p2.t1 + INTERVAL ? MICROSECOND)
       SELECT (SELECT COUNT(DISTINCT person) FROM s1) AS a, (SELECT COUNT(DISTINCT person) FROM p2) AS b, (SELECT COUNT(*) FROM p3) AS c`,
      [
        projectId,
        sqlTime(from),
        sqlTime(to),
        projectId,
        sqlTime(from),
        sqlTime(to + windowMs),
        projectId,
        sqlTime(from),
        sqlTime(to + windowMs),
        windowMs * 1000,
        windowMs * 1000,
      ],
    );
    const [row] = rows;
    return [Number(row.a), Number(row.b), Number(row.c)];
  },
};

/** 8 weeks from the dataset's first Monday; returns counted for 8 weeks after each cohort's. */
const eightWeeks = { from: start, to: start + 8 * WEEK_MS };

const retention = {
  name: 'weekly retention, 8 weeks, signup → $pageview',
  targetMs: 2000,
  query: {
    kind: 'retention',
    projectId,
    start: { event: 'signup' },
    return: { event: '$pageview' },
    period: 'week',
    periods: 8,
    ...eightWeeks,
    timeZone: 'UTC',
  },
  ours: (cells) => sorted(cells.map((cell) => `${cell.cohort} ${cell.period} ${cell.people}`)),
  async naive(raw) {
    const { from, to } = eightWeeks;
    // ISO weeks counted from Monday 1970-01-05
    const week = (column) => `FLOOR(DATEDIFF(${column}, '1970-01-05') / 7)`;
    const [rows] = await raw.query(
      `WITH f AS (SELECT ${PERSON} AS person, MIN(ts) AS first FROM raw_events WHERE project_id = ? AND event_name = 'signup' AND ts >= ? AND ts < ? GROUP BY person),
       c AS (SELECT person, ${week('first')} AS cohort FROM f),
       r AS (SELECT DISTINCT ${PERSON} AS person, ${week('ts')} AS w FROM raw_events WHERE project_id = ? AND event_name = '$pageview' AND ts >= ?)
       SELECT cohort, 0 AS n, COUNT(*) AS people FROM c GROUP BY cohort
       UNION ALL
       SELECT c.cohort, r.w - c.cohort AS n, COUNT(*) AS people FROM c JOIN r ON r.person = c.person AND r.w > c.cohort AND r.w <= c.cohort + 8
       GROUP BY c.cohort, r.w - c.cohort`,
      [projectId, sqlTime(from), sqlTime(to), projectId, sqlTime(from)],
    );
    const monday = (index) => new Date(Date.UTC(1970, 0, 5) + Number(index) * WEEK_MS).toISOString().slice(0, 10);
    return sorted(rows.map((row) => `${monday(row.cohort)} ${Number(row.n)} ${Number(row.people)}`));
  },
};

const p90 = {
  name: 'p90 of duration_ms per day, 30 days, $pageview',
  targetMs: 2000,
  query: { kind: 'segmentation', projectId, events: ['$pageview'], metric: 'p90', property: 'duration_ms', interval: 'day', ...month },
  ours: (rows) => sorted(rows.map((row) => `${row.bucket} ${row.value}`)),
  async naive(raw) {
    const value = "CAST(JSON_EXTRACT(num_properties, '$.duration_ms') AS DOUBLE)";
    const [rows] = await raw.query(
      `SELECT DISTINCT DATE(ts) AS day, PERCENTILE_DISC(0.9) WITHIN GROUP (ORDER BY ${value}) OVER (PARTITION BY DATE(ts)) AS value
       FROM raw_events WHERE project_id = ? AND event_name = '$pageview' AND ts >= ? AND ts < ? AND ${value} IS NOT NULL`,
      [projectId, sqlTime(month.from), sqlTime(month.to)],
    );
    return sorted(rows.map((row) => `${row.day} ${Number(row.value)}`));
  },
};

/** The four questions, in the order. */
export const ANALYTICS_QUERIES = [uniqFilteredGrouped, funnel, retention, p90];
