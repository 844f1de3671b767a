import type { Knex } from 'knex';
import type { ReplayChunk } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { insertObjectsIgnoreReturning } from './insert-ignore.js';

interface ChunkRow {
  project_id: number;
  session_id: string;
  seq: number;
  data: Uint8Array;
  is_text: number | boolean;
  ts: number;
  device_id: string | null;
  user_id: string | null;
}

/** Stores the chunk unless `(project, session, seq)` exists; text is kept as UTF-8 bytes and flagged. */
export async function appendReplayChunk(db: Knex, dialect: SqlDialect, chunk: ReplayChunk): Promise<boolean> {
  const isText = typeof chunk.data === 'string';
  const data = typeof chunk.data === 'string' ? Buffer.from(chunk.data, 'utf8') : Buffer.from(chunk.data.buffer, chunk.data.byteOffset, chunk.data.byteLength);
  const row = {
    project_id: chunk.projectId,
    session_id: chunk.sessionId,
    seq: chunk.seq,
    data,
    is_text: isText,
    ts: chunk.timestamp,
    device_id: chunk.deviceId ?? null,
    user_id: chunk.userId ?? null,
  };
  return (await insertObjectsIgnoreReturning(db, dialect, 'ns_replay_chunks', [row], ['seq'])).length === 1;
}

export async function listReplayChunks(db: Knex, projectId: number, sessionId: string): Promise<ReplayChunk[]> {
  const rows = (await db('ns_replay_chunks').select('*').where({ project_id: projectId, session_id: sessionId }).orderBy('seq')) as ChunkRow[];
  return rows.map((row) => ({
    projectId: Number(row.project_id),
    sessionId: row.session_id,
    seq: Number(row.seq),
    data: row.is_text ? new TextDecoder().decode(row.data) : new Uint8Array(row.data),
    timestamp: Number(row.ts),
    deviceId: row.device_id,
    userId: row.user_id,
  }));
}
