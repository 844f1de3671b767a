import type { Knex } from 'knex';
import type { AggregateQuery } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import type { BucketRow } from './aggregate-rollup.js';
import { rankGroupKeys } from './group-keys.js';
import { matchingRows } from './matching-events.js';
import { EVERYONE, personParts } from './person-parts.js';
import type { PersonPart } from './person-parts.js';
import type { SlotReader } from './slot-reader.js';
import { literal } from './step-condition.js';
import { timeLimited } from './time-limit.js';

/**
 * Rows a part of a cut grouped count may answer (one per event, bucket and group of its people) before
 * the question goes to one statement instead: a group-by of many values over many buckets would move
 * more rows to the process than one statement's ranking costs.
 */
export const MAX_PART_ROWS = 50_000;

/**
 * Per (event, bucket, group) of the matching events of `part`: `value` (`total` counts the events,
 * `uniq` the distinct (bucket, group, person) rows, an event of nobody no person) and `part`, the share
 * of the group's metric over the whole range: every event for `total`, and for `uniq` each person's first
 * bucket in the group (`fst`), so the people of a group count once.
 */
function counted(db: Knex, dialect: SqlDialect, query: AggregateQuery, reader: SlotReader, part: PersonPart): Knex.QueryBuilder {
  const sql =
    query.metric === 'uniq'
      ? `SELECT event_name, bucket, grp, COUNT(*) AS value, SUM(fst) AS part FROM (
           SELECT event_name, bucket, grp,
             CASE WHEN ROW_NUMBER() OVER (PARTITION BY event_name, grp, person_key ORDER BY bucket) = 1 THEN 1 ELSE 0 END AS fst
           FROM (SELECT event_name, bucket, grp, person_key FROM m WHERE person_key IS NOT NULL GROUP BY event_name, bucket, grp, person_key) d
         ) e GROUP BY event_name, bucket, grp`
      : 'SELECT event_name, bucket, grp, COUNT(*) AS value, COUNT(*) AS part FROM m GROUP BY event_name, bucket, grp';
  return db.with('m', matchingRows(db, dialect, query, reader, part)).with('g', db.raw(sql));
}

/**
 * `uniq` and `total` by group in one statement, with one read of the matching events (`grouped` of
 * aggregate-raw.ts reads them twice: MariaDB computes a CTE once per reference, and at 10 M bench events
 * each read is most of the time). A group's metric over the whole range is the sum of its `part`s; groups
 * are ranked by it (descending, the absent property last on a tie, then the text).
 */
export async function groupedCounts(db: Knex, dialect: SqlDialect, query: AggregateQuery, reader: SlotReader, limit: number): Promise<BucketRow[]> {
  const property = query.groupBy?.property ?? '';
  const ranked = db.raw(
    `SELECT event_name, bucket, grp, value, DENSE_RANK() OVER (PARTITION BY event_name ORDER BY whole DESC, CASE WHEN grp IS NULL THEN 1 ELSE 0 END, ?) AS grank
     FROM (SELECT g.*, SUM(part) OVER (PARTITION BY event_name, grp) AS whole FROM g) h`,
    [reader.label(property, 'grp')],
  );
  const rows = await timeLimited(
    counted(db, dialect, query, reader, EVERYONE)
      .with('k', ranked)
      .from('k')
      .select('event_name as event', 'bucket', db.raw('? AS grp', [reader.label(property, 'k.grp')]), 'grank', 'value')
      .where('grank', '<=', limit),
    dialect,
    query.timeoutMs,
  );
  return rows as BucketRow[];
}

/** A group's sums over the parts: its whole-range metric, and its value per bucket (by the bucket's text). */
interface GroupSum {
  whole: number;
  buckets: Map<string, { bucket: number | string; value: number }>;
}

interface PartRow {
  event: number | string;
  bucket: number | string;
  grp: string | Uint8Array | null;
  value: number | string;
  whole: number | string;
}

/** A group's text: text on SQLite, bytes on MySQL (see `stringProperty`). */
const groupText = (value: string | Uint8Array | null): string | null =>
  value === null ? null : typeof value === 'string' ? value : new TextDecoder().decode(value);

/**
 * The rows of one part (at most `maxRows + 1`): every (event, bucket, group) of its people with its value,
 * and the group's metric over the whole range (`whole`). `d` — the distinct (event, bucket, group, person)
 * rows for `uniq`, the counts per (event, bucket, group) for `total` — is read twice, by the buckets' values
 * (`g`) and by the wholes (`w`), and computed once (`dialect.sharedCte`; MariaDB computes a CTE again for
 * every reference): one grouping of the events fewer than `counted`'s window, 7 % of the part's time at
 * 10 M bench events. The group is its key as text (`SlotReader.keyText`), its label read only for the
 * groups that rank (`groupedCountParts`).
 */
async function partRows(db: Knex, dialect: SqlDialect, query: AggregateQuery, reader: SlotReader, part: PersonPart, maxRows: number): Promise<PartRow[]> {
  const property = query.groupBy?.property ?? '';
  const [distinct, value, whole] =
    query.metric === 'uniq'
      ? [
          'SELECT event_name, bucket, grp, person_key FROM m WHERE person_key IS NOT NULL GROUP BY event_name, bucket, grp, person_key',
          'COUNT(*)',
          'COUNT(DISTINCT person_key)',
        ]
      : ['SELECT event_name, bucket, grp, COUNT(*) AS c FROM m GROUP BY event_name, bucket, grp', 'SUM(c)', 'SUM(c)'];
  const statement = db.raw(
    `WITH RECURSIVE m AS ?,
d AS (${dialect.sharedCte('d', distinct)}),
g AS (SELECT event_name, bucket, grp, ${value} AS value FROM d GROUP BY event_name, bucket, grp),
w AS (SELECT event_name, grp, ${whole} AS whole FROM d GROUP BY event_name, grp)
SELECT g.event_name AS event, g.bucket, ? AS grp, g.value, w.whole FROM g JOIN w ON w.event_name = g.event_name AND ${dialect.nullSafeEqual('w.grp', 'g.grp')}
LIMIT ${literal(maxRows + 1)}`,
    [matchingRows(db, dialect, query, reader, part), reader.keyText(property, 'g.grp')],
  );
  return dialect.rawRows<PartRow>(await timeLimited(statement, dialect, query.timeoutMs));
}

/**
 * `uniq` and `total` by group over `parallelism` parts of the people read at once (`person-parts.ts`:
 * each part's events are index ranges of their own). No person is in two parts, so a group's value in a
 * bucket and over the whole range are the sums of its parts': the groups of each event are ranked on
 * those sums here (core's `rankGroups`, the order `groupedCounts` ranks in) and the kept groups' rows
 * summed — partial counts added, no event counted outside the database. When a part has more than
 * `maxPartRows` rows, one statement answers instead.
 */
export async function groupedCountParts(
  db: Knex,
  dialect: SqlDialect,
  query: AggregateQuery,
  reader: SlotReader,
  limit: number,
  parallelism: number,
  maxPartRows = MAX_PART_ROWS,
): Promise<BucketRow[]> {
  const parts = personParts(parallelism);
  if (parts.length <= 1) return groupedCounts(db, dialect, query, reader, limit);
  const answered = await Promise.all(parts.map((part) => partRows(db, dialect, query, reader, part, maxPartRows)));
  if (answered.some((rows) => rows.length > maxPartRows)) return groupedCounts(db, dialect, query, reader, limit);
  // per event, per group: the whole-range metric and the buckets' values, each the sum of the parts'
  const events = new Map<string, Map<string | null, GroupSum>>();
  for (const rows of answered) {
    // a part gives its group's whole on every row of the group: added once per part
    const counted = new Set<unknown>();
    for (const row of rows) {
      const event = String(row.event);
      const grp = groupText(row.grp);
      const groups = events.get(event) ?? new Map<string | null, GroupSum>();
      events.set(event, groups);
      let group = groups.get(grp);
      if (!group) groups.set(grp, (group = { whole: 0, buckets: new Map() }));
      if (!counted.has(group)) {
        counted.add(group);
        group.whole += Number(row.whole);
      }
      const key = String(row.bucket);
      const cell = group.buckets.get(key);
      if (cell) cell.value += Number(row.value);
      else group.buckets.set(key, { bucket: row.bucket, value: Number(row.value) });
    }
  }
  const property = query.groupBy?.property ?? '';
  const result: BucketRow[] = [];
  for (const [event, groups] of events) {
    const wholes = new Map([...groups].map(([key, group]) => [key, group.whole]));
    for (const { key, label, rank } of await rankGroupKeys(wholes, limit, reader, property)) {
      for (const cell of groups.get(key)!.buckets.values()) result.push({ event, bucket: cell.bucket, grp: label, grank: rank, value: cell.value });
    }
  }
  return result;
}
