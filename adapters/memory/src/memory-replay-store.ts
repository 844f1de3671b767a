import type { ReplayChunk, ReplayStore } from '@northstar/server';
import type { MemoryEventState } from './memory-event-state.js';
import { sessionKey } from './memory-event-state.js';

function copyChunk(chunk: ReplayChunk): ReplayChunk {
  const data = typeof chunk.data === 'string' ? chunk.data : new Uint8Array(chunk.data);
  return { ...chunk, data, deviceId: chunk.deviceId ?? null, userId: chunk.userId ?? null };
}

/** Replay chunks per session, keyed by seq; the first copy of a seq wins. */
export function createMemoryReplayStore(state: MemoryEventState): ReplayStore {
  return {
    appendReplayChunk(chunk: ReplayChunk): Promise<boolean> {
      const key = sessionKey(chunk.projectId, chunk.sessionId);
      const chunks = state.replays.get(key) ?? new Map<number, ReplayChunk>();
      state.replays.set(key, chunks);
      if (chunks.has(chunk.seq)) return Promise.resolve(false);
      chunks.set(chunk.seq, copyChunk(chunk));
      return Promise.resolve(true);
    },

    listReplayChunks(projectId: number, sessionId: string): Promise<ReplayChunk[]> {
      const chunks = [...(state.replays.get(sessionKey(projectId, sessionId))?.values() ?? [])];
      return Promise.resolve(chunks.sort((a, b) => a.seq - b.seq).map(copyChunk));
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
