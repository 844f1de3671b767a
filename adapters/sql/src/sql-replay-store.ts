import type { Knex } from 'knex';
import type { ReplayStore } from '@northstar/server';
import type { SqlDialect } from './dialects/sql-dialect.js';
import { deleteProjectRows } from './events/delete-project-data.js';
import { appendReplayChunk, listReplayChunks } from './events/replay-chunks.js';
import { deleteSessionsEndedBefore, getReplaySession, listReplaySessions } from './events/replay-sessions.js';

/** The ReplayStore port over knex (`ns_replay_chunks`, migration 0001; `ns_replay_sessions`, migration 0008). */
export function createSqlReplayStore(db: Knex, dialect: SqlDialect): ReplayStore {
  return {
    appendReplayChunk: (chunk) => appendReplayChunk(db, dialect, chunk),
    listReplayChunks: (projectId, sessionId, range) => listReplayChunks(db, projectId, sessionId, range),
    listReplaySessions: (query) => listReplaySessions(db, query),
    getReplaySession: (projectId, sessionId) => getReplaySession(db, projectId, sessionId),
    deleteReplaySessionsEndedBefore: (projectId, before, limit) => deleteSessionsEndedBefore(db, projectId, before, limit),
    deleteProject: (projectId) => deleteProjectRows(db, dialect, projectId, ['ns_replay_chunks', 'ns_replay_sessions']),
  };
}
