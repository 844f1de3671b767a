import type { Knex } from 'knex';
import type { ReplayStore } from '@northstar/server';
import type { SqlDialect } from './dialects/sql-dialect.js';
import { deleteProjectRows } from './events/delete-project-data.js';
import { appendReplayChunk, listReplayChunks } from './events/replay-chunks.js';

/** The ReplayStore port over knex (`ns_replay_chunks`, migration 0001). */
export function createSqlReplayStore(db: Knex, dialect: SqlDialect): ReplayStore {
  return {
    appendReplayChunk: (chunk) => appendReplayChunk(db, dialect, chunk),
    listReplayChunks: (projectId, sessionId) => listReplayChunks(db, projectId, sessionId),
    deleteProject: (projectId) => deleteProjectRows(db, dialect, projectId, ['ns_replay_chunks']),
  };
}
