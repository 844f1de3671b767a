import type { Knex } from 'knex';
import type { FunnelGroupRow, FunnelQuery } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
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
  k: number | string;
  d: number | string;
  c: number | string;
}

/**
 * An ungrouped funnel over `count` parts of the people at once (a person's attempts depend on their own
 * events only): each part counts its people per step and time from the previous step (`funnelSql`), and
 * the steps are the sums, each median the nearest-rank one — the ⌊(n + 1) / 2⌋-th smallest, as in one statement.
 */
async function funnelParts(db: Knex, dialect: SqlDialect, query: FunnelQuery, reader: SlotReader, count: number): Promise<FunnelGroupRow[]> {
  const parts = await Promise.all(
    personParts(count).map(async (part) =>
      dialect.rawRows<DurationRow>(await timeLimited(funnelSql(db, dialect, query, reader, part), dialect, query.timeoutMs)),
    ),
  );
  const durations = query.steps.map(() => new Map<number, number>());
  for (const row of parts.flat()) {
    const step = durations[Number(row.k) - 1];
    if (step) step.set(Number(row.d), (step.get(Number(row.d)) ?? 0) + Number(row.c));
  }
  const steps = durations.map((counts, i) => {
    const people = [...counts.values()].reduce((sum, c) => sum + c, 0);
    if (i === 0 || people === 0) return { people, medianMs: null };
    const rank = Math.floor((people + 1) / 2);
    let seen = 0;
    const median = [...counts].sort(([a], [b]) => a - b).find(([, c]) => (seen += c) >= rank)![0];
    return { people, medianMs: median };
  });
  return [{ steps }];
}

/**
 * Runs the funnel inside the database; JS only lays the per-step rows out. Without a group-by, the people
 * are cut into `parallelism` parts read at once (`funnelParts`).
 */
export async function funnel(db: Knex, dialect: SqlDialect, query: FunnelQuery, parallelism = 1): Promise<FunnelGroupRow[]> {
  const reader = await slotReader(db, dialect, query.projectId);
  if (parallelism > 1 && !query.groupBy) return funnelParts(db, dialect, query, reader, parallelism);
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
