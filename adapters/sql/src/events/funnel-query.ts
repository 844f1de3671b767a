import type { Knex } from 'knex';
import type { FunnelGroupRow, FunnelQuery } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { rankGroupKeys } from './group-keys.js';
import { slotReader } from './slot-reader.js';
import type { SlotReader } from './slot-reader.js';
import { personParts } from './person-parts.js';
import { timeLimited } from './time-limit.js';
import { funnelSql } from './funnel-sql.js';

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

interface DurationRow {
  grp: string | Uint8Array | null;
  k: number | string;
  d: number | string;
  c: number | string;
}

/**
 * Rows a part of a cut funnel may answer (one per group, step and time from the previous step) before the
 * funnel goes to one statement instead, as `MAX_PART_ROWS` of grouped counts.
 */
export const MAX_FUNNEL_PART_ROWS = 50_000;

/** A group's steps over the parts: per step, how many people took each time from the previous step. */
type StepDurations = Map<number, number>[];

/** Per step: its people, and the nearest-rank median of its times — the ⌊(n + 1) / 2⌋-th smallest, as in one statement. */
function stepsOf(durations: StepDurations): FunnelGroupRow['steps'] {
  return durations.map((counts, i) => {
    const people = [...counts.values()].reduce((sum, c) => sum + c, 0);
    if (i === 0 || people === 0) return { people, medianMs: null };
    const rank = Math.floor((people + 1) / 2);
    let seen = 0;
    const median = [...counts].sort(([a], [b]) => a - b).find(([, c]) => (seen += c) >= rank)![0];
    return { people, medianMs: median };
  });
}

/**
 * A funnel over `count` parts of the people at once (a person's attempts depend on their own events only):
 * each part counts its people per group, step and time from the previous step (`funnelSql`); a group's steps
 * are the sums, each median the nearest-rank one of the summed times. Undefined when a part has more than
 * `maxPartRows` rows (one statement answers instead).
 */
async function funnelParts(
  db: Knex,
  dialect: SqlDialect,
  query: FunnelQuery,
  reader: SlotReader,
  count: number,
  maxPartRows: number,
): Promise<FunnelGroupRow[] | undefined> {
  const parts = await Promise.all(
    personParts(count).map(async (part) =>
      dialect.rawRows<DurationRow>(await timeLimited(funnelSql(db, dialect, query, reader, part, maxPartRows + 1), dialect, query.timeoutMs)),
    ),
  );
  if (parts.some((rows) => rows.length > maxPartRows)) return undefined;
  const groups = new Map<string | null, StepDurations>();
  for (const row of parts.flat()) {
    const key = groupText(row.grp);
    let durations = groups.get(key);
    if (!durations) groups.set(key, (durations = query.steps.map(() => new Map<number, number>())));
    const step = durations[Number(row.k) - 1];
    if (step) step.set(Number(row.d), (step.get(Number(row.d)) ?? 0) + Number(row.c));
  }
  if (!query.groupBy) return [{ steps: stepsOf(groups.get(null) ?? query.steps.map(() => new Map<number, number>())) }];
  // groups ranked by their people at step 1, as the one statement ranks them
  const sizes = new Map([...groups].map(([key, durations]) => [key, [...durations[0]!.values()].reduce((sum, c) => sum + c, 0)]));
  const ranked = await rankGroupKeys(sizes, query.groupBy.limit ?? 1, reader, query.groupBy.property);
  return ranked.map(({ key, label }) => ({ group: label, steps: stepsOf(groups.get(key)!) }));
}

/** True when the funnel's group (if any) is a slotted property, carried with the events: only then is it cut into parts. */
function groupIsSlotted(query: FunnelQuery, reader: SlotReader): boolean {
  if (!query.groupBy) return true;
  const grouping = reader.fork();
  grouping.groupKey(query.groupBy.property);
  return !grouping.needsRow;
}

/**
 * Runs the funnel inside the database; JS only lays the per-step rows out. Without a group-by or with a
 * slotted one, the people are cut into `parallelism` parts read at once (`funnelParts`).
 */
export async function funnel(
  db: Knex,
  dialect: SqlDialect,
  query: FunnelQuery,
  parallelism = 1,
  maxPartRows = MAX_FUNNEL_PART_ROWS,
): Promise<FunnelGroupRow[]> {
  const reader = await slotReader(db, dialect, query.projectId);
  if (parallelism > 1 && groupIsSlotted(query, reader)) {
    const cut = await funnelParts(db, dialect, query, reader, parallelism, maxPartRows);
    if (cut) return cut;
  }
  const rows = dialect.rawRows<CountRow>(await timeLimited(funnelSql(db, dialect, query, reader), dialect, query.timeoutMs));
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
