import type { Knex } from 'knex';
import type { FunnelGroupRow, FunnelQuery } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { slotReader } from './slot-reader.js';
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

/** Runs the funnel inside the database; JS only lays the per-step rows out. */
export async function funnel(db: Knex, dialect: SqlDialect, query: FunnelQuery): Promise<FunnelGroupRow[]> {
  const reader = await slotReader(db, dialect, query.projectId);
  const rows = dialect.rawRows<CountRow>(await funnelSql(db, dialect, query, reader));
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
