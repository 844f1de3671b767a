import type { Knex } from 'knex';
import type { ReplayChunk } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { insertObjectsIgnoreReturning } from './insert-ignore.js';
import { parsePages } from './replay-pages.js';
import { addChunkToSession } from './replay-sessions.js';
import { inTransaction } from './transaction-retry.js';

interface ChunkRow {
  project_id: number;
  session_id: string;
  seq: number;
  data: Uint8Array;
  is_text: number | boolean;
  ts: number;
  end_ts: number | null;
  pages: string | null;
  device_id: string | null;
  user_id: string | null;
}

/**
 * Stores the chunk unless `(project, session, seq)` exists, and adds it to its session's row in the
 * same transaction (retried whole on a deadlock); text is kept as UTF-8 bytes and flagged.
 */
export function appendReplayChunk(db: Knex, dialect: SqlDialect, chunk: ReplayChunk): Promise<boolean> {
  const isText = typeof chunk.data === 'string';
  const data = typeof chunk.data === 'string' ? Buffer.from(chunk.data, 'utf8') : Buffer.from(chunk.data.buffer, chunk.data.byteOffset, chunk.data.byteLength);
  const pages = chunk.pages ?? [];
  const row = {
    project_id: chunk.projectId,
    session_id: chunk.sessionId,
    seq: chunk.seq,
    data,
    is_text: isText,
    ts: chunk.timestamp,
    end_ts: chunk.endTimestamp ?? chunk.timestamp,
    pages: pages.length > 0 ? JSON.stringify(pages) : null,
    device_id: chunk.deviceId ?? null,
    user_id: chunk.userId ?? null,
  };
  return inTransaction(db, dialect, async (trx) => {
    const inserted = (await insertObjectsIgnoreReturning(trx, dialect, 'ns_replay_chunks', [row], ['seq'])).length === 1;
    if (inserted) await addChunkToSession(trx, dialect, { ...row, bytes: data.byteLength });
    return inserted;
  });
}

export async function listReplayChunks(
  db: Knex,
  projectId: number,
  sessionId: string,
  range: { fromSeq?: number; limit?: number } = {},
): Promise<ReplayChunk[]> {
  const query = db('ns_replay_chunks')
    .select('*')
    .where({ project_id: projectId, session_id: sessionId })
    .andWhere('seq', '>=', range.fromSeq ?? 0)
    .orderBy('seq');
  if (range.limit !== undefined) query.limit(range.limit);
  const rows = (await query) as ChunkRow[];
  return rows.map((row) => ({
    projectId: Number(row.project_id),
    sessionId: row.session_id,
    seq: Number(row.seq),
    data: row.is_text ? new TextDecoder().decode(row.data) : new Uint8Array(row.data),
    timestamp: Number(row.ts),
    endTimestamp: Number(row.end_ts ?? row.ts),
    pages: parsePages(row.pages),
    deviceId: row.device_id,
    userId: row.user_id,
  }));
}
