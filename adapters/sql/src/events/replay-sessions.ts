import type { Knex } from 'knex';
import type { ReplaySession, ReplaySessionQuery } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { insertIgnore } from './insert-ignore.js';
import { parsePages } from './replay-pages.js';

const SESSIONS = 'ns_replay_sessions';
/** Sessions per `IN (...)` list when their pages are read or their chunks deleted. */
const SESSION_SLICE = 500;

interface SessionRow {
  project_id: number;
  session_id: string;
  started_at: number;
  ended_at: number;
  device_id: string | null;
  user_id: string | null;
  chunks: number;
  bytes: number;
}

interface StoredChunk {
  project_id: number;
  session_id: string;
  ts: number;
  end_ts: number;
  device_id: string | null;
  user_id: string | null;
  bytes: number;
}

/**
 * Adds a chunk just stored to its session's row: created by the first chunk, then widened (earliest
 * start, latest end), counted, and given the first device and user any chunk brings. The row is
 * locked by the update until the transaction ends, so concurrent chunks of a session add up exactly.
 */
export async function addChunkToSession(trx: Knex.Transaction, dialect: SqlDialect, chunk: StoredChunk): Promise<void> {
  const { project_id, session_id, ts, end_ts, device_id, user_id, bytes } = chunk;
  await insertIgnore(
    trx,
    dialect,
    SESSIONS,
    ['project_id', 'session_id', 'started_at', 'ended_at', 'device_id', 'user_id', 'chunks', 'bytes'],
    [[project_id, session_id, ts, end_ts, device_id, user_id, 0, 0]],
  );
  await trx(SESSIONS)
    .where({ project_id, session_id })
    .update({
      started_at: trx.raw('CASE WHEN ? < started_at THEN ? ELSE started_at END', [ts, ts]),
      ended_at: trx.raw('CASE WHEN ? > ended_at THEN ? ELSE ended_at END', [end_ts, end_ts]),
      device_id: trx.raw('COALESCE(device_id, ?)', [device_id]),
      user_id: trx.raw('COALESCE(user_id, ?)', [user_id]),
      chunks: trx.raw('chunks + 1'),
      bytes: trx.raw('bytes + ?', [bytes]),
    });
}

/** The pages of each session: the `pages` of its chunks in seq order, a URL repeated back to back kept once. */
async function pagesOf(db: Knex, projectId: number, sessionIds: readonly string[]): Promise<Map<string, string[]>> {
  const pages = new Map<string, string[]>(sessionIds.map((id) => [id, []]));
  for (let i = 0; i < sessionIds.length; i += SESSION_SLICE) {
    const rows = (await db('ns_replay_chunks')
      .select('session_id', 'pages')
      .where('project_id', projectId)
      .whereIn('session_id', sessionIds.slice(i, i + SESSION_SLICE))
      .whereNotNull('pages')
      .orderBy(['session_id', 'seq'])) as { session_id: string; pages: string }[];
    for (const row of rows) {
      const list = pages.get(row.session_id) ?? [];
      for (const page of parsePages(row.pages)) if (list.at(-1) !== page) list.push(page);
    }
  }
  return pages;
}

async function withPages(db: Knex, projectId: number, rows: SessionRow[]): Promise<ReplaySession[]> {
  const pages = await pagesOf(
    db,
    projectId,
    rows.map((row) => row.session_id),
  );
  return rows.map((row) => ({
    projectId: Number(row.project_id),
    sessionId: row.session_id,
    startedAt: Number(row.started_at),
    endedAt: Number(row.ended_at),
    deviceId: row.device_id,
    userId: row.user_id,
    chunks: Number(row.chunks),
    bytes: Number(row.bytes),
    pages: pages.get(row.session_id) ?? [],
  }));
}

/** A page of sessions, newest first (`ns_replay_sessions_started`, read backwards). */
export async function listReplaySessions(db: Knex, { projectId, before, limit }: ReplaySessionQuery): Promise<ReplaySession[]> {
  const query = db(SESSIONS).select('*').where('project_id', projectId);
  if (before !== undefined) {
    // `started_at <= T AND (started_at < T OR session_id < S)`: a range on the index, then the rows at or after the cursor dropped
    void query
      .where('started_at', '<=', before.startedAt)
      .where((older) => void older.where('started_at', '<', before.startedAt).orWhere('session_id', '<', before.sessionId));
  }
  const rows = (await query
    .orderBy([
      { column: 'started_at', order: 'desc' },
      { column: 'session_id', order: 'desc' },
    ])
    .limit(Math.min(1000, Math.max(1, Math.floor(limit ?? 50))))) as SessionRow[];
  return withPages(db, projectId, rows);
}

export async function getReplaySession(db: Knex, projectId: number, sessionId: string): Promise<ReplaySession | null> {
  const rows = (await db(SESSIONS).select('*').where({ project_id: projectId, session_id: sessionId })) as SessionRow[];
  return (await withPages(db, projectId, rows))[0] ?? null;
}

/** Retention: the `limit` sessions that ended longest before `before`, chunks and row, in one transaction. */
export function deleteSessionsEndedBefore(db: Knex, projectId: number, before: number, limit = 500): Promise<number> {
  return db.transaction(async (trx) => {
    const rows = (await trx(SESSIONS)
      .select('session_id')
      .where('project_id', projectId)
      .andWhere('ended_at', '<', before)
      .orderBy('ended_at')
      .limit(limit)) as { session_id: string }[];
    const ids = rows.map((row) => row.session_id);
    await deleteSessionRows(trx, projectId, ids);
    return ids.length;
  });
}

/** Deletes the chunks and the rows of these sessions. */
export async function deleteSessionRows(trx: Knex | Knex.Transaction, projectId: number, sessionIds: readonly string[]): Promise<void> {
  for (let i = 0; i < sessionIds.length; i += SESSION_SLICE) {
    const slice = sessionIds.slice(i, i + SESSION_SLICE);
    await trx('ns_replay_chunks').where('project_id', projectId).whereIn('session_id', slice).delete();
    await trx(SESSIONS).where('project_id', projectId).whereIn('session_id', slice).delete();
  }
}
