import type { ReplayChunk, ReplaySession, ReplayStore } from '@northstar/server';
import type { MemoryEventState } from './memory-event-state.js';
import { sessionKey } from './memory-event-state.js';
import { isAfterCursor, newestFirst, sessionLimit, summariseSession } from './memory-replay-sessions.js';

function copyChunk(chunk: ReplayChunk): ReplayChunk {
  const data = typeof chunk.data === 'string' ? chunk.data : new Uint8Array(chunk.data);
  return {
    ...chunk,
    data,
    endTimestamp: chunk.endTimestamp ?? chunk.timestamp,
    pages: [...(chunk.pages ?? [])],
    deviceId: chunk.deviceId ?? null,
    userId: chunk.userId ?? null,
  };
}

/** Replay chunks per session, keyed by seq; the first copy of a seq wins. Sessions are summarised from the chunks when read. */
export function createMemoryReplayStore(state: MemoryEventState): ReplayStore {
  /** A session's chunks in the order they were stored (a Map keeps insertion order). */
  const storedOf = (key: string): ReplayChunk[] => [...(state.replays.get(key)?.values() ?? [])];
  const chunksOf = (key: string): ReplayChunk[] => storedOf(key).sort((a, b) => a.seq - b.seq);
  const sessionsOf = (projectId: number): ReplaySession[] =>
    [...state.replays.keys()]
      .filter((key) => key.startsWith(sessionKey(projectId)))
      .map(storedOf)
      .filter((chunks) => chunks.length > 0)
      .map(summariseSession);
  return {
    appendReplayChunk(chunk: ReplayChunk): Promise<boolean> {
      const key = sessionKey(chunk.projectId, chunk.sessionId);
      const chunks = state.replays.get(key) ?? new Map<number, ReplayChunk>();
      state.replays.set(key, chunks);
      if (chunks.has(chunk.seq)) return Promise.resolve(false);
      chunks.set(chunk.seq, copyChunk(chunk));
      return Promise.resolve(true);
    },

    listReplayChunks(projectId, sessionId, range = {}): Promise<ReplayChunk[]> {
      const fromSeq = range.fromSeq ?? 0;
      const chunks = chunksOf(sessionKey(projectId, sessionId)).filter((chunk) => chunk.seq >= fromSeq);
      return Promise.resolve(chunks.slice(0, range.limit ?? chunks.length).map(copyChunk));
    },

    listReplaySessions({ projectId, before, limit }): Promise<ReplaySession[]> {
      const sessions = sessionsOf(projectId)
        .filter((session) => before === undefined || isAfterCursor(session, before))
        .sort(newestFirst);
      return Promise.resolve(sessions.slice(0, sessionLimit(limit)));
    },

    getReplaySession(projectId, sessionId): Promise<ReplaySession | null> {
      const chunks = storedOf(sessionKey(projectId, sessionId));
      return Promise.resolve(chunks.length > 0 ? summariseSession(chunks) : null);
    },

    deleteReplaySessionsEndedBefore(projectId, before, limit = 500): Promise<number> {
      const expired = sessionsOf(projectId)
        .filter((session) => session.endedAt < before)
        .sort((a, b) => a.endedAt - b.endedAt)
        .slice(0, limit);
      for (const session of expired) state.replays.delete(sessionKey(projectId, session.sessionId));
      return Promise.resolve(expired.length);
    },

    deleteProject(projectId: number): Promise<number> {
      let deleted = 0;
      for (const [session, chunks] of [...state.replays]) {
        if (!session.startsWith(sessionKey(projectId))) continue;
        deleted += chunks.size;
        state.replays.delete(session);
      }
      return Promise.resolve(deleted);
    },
  };
}
