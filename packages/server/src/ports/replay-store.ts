/** Session replay chunks, kept in order per session, and the sessions they make up. */

export interface ReplayChunk {
  projectId: number;
  sessionId: string;
  /** Position of the chunk in its session, from 0. `(projectId, sessionId, seq)` is the idempotency key. */
  seq: number;
  /** Compressed bytes, or text; read back with the same type. */
  data: Uint8Array | string;
  /** Epoch ms of the first recorded moment in the chunk. */
  timestamp: number;
  /** Epoch ms of the last recorded moment in the chunk; read back as written. @default timestamp */
  endTimestamp?: number;
  /** URLs of the pages the chunk enters (rrweb `Meta` events), in order; read back as written. @default [] */
  pages?: string[];
  deviceId?: string | null;
  userId?: string | null;
}

/** A recorded session as the chunks stored of it describe it. */
export interface ReplaySession {
  projectId: number;
  sessionId: string;
  /** Epoch ms: the smallest `timestamp` of its chunks. */
  startedAt: number;
  /** Epoch ms: the largest `endTimestamp` of its chunks. */
  endedAt: number;
  /** The `deviceId` / `userId` of the first chunk stored with one (a user identified mid-session shows). */
  deviceId: string | null;
  userId: string | null;
  /** Chunks stored. */
  chunks: number;
  /** Bytes of `data` stored, summed. */
  bytes: number;
  /** The `pages` of its chunks in `seq` order, a URL repeated back to back kept once. */
  pages: string[];
}

/** Which sessions `listReplaySessions` returns: newest first, by `startedAt` descending, then `sessionId` descending. */
export interface ReplaySessionQuery {
  projectId: number;
  /** Keyset cursor: only sessions strictly after this `(startedAt, sessionId)` in that order. @default from the newest */
  before?: { startedAt: number; sessionId: string };
  /** Sessions returned at most, clamped to 1–1000. @default 50 */
  limit?: number;
}

export interface ReplayStore {
  /** Stores a replay chunk once; returns false when `(projectId, sessionId, seq)` was already stored (the first copy wins). */
  appendReplayChunk(chunk: ReplayChunk): Promise<boolean>;
  /** The chunks of a session in `seq` order, `seq >= fromSeq`, at most `limit` of them. */
  listReplayChunks(projectId: number, sessionId: string, range?: { fromSeq?: number; limit?: number }): Promise<ReplayChunk[]>;
  /** A page of the project's sessions (see `ReplaySessionQuery`). */
  listReplaySessions(query: ReplaySessionQuery): Promise<ReplaySession[]>;
  /** One session, or null when no chunk of it is stored. */
  getReplaySession(projectId: number, sessionId: string): Promise<ReplaySession | null>;
  /**
   * Retention: deletes whole sessions of the project whose `endedAt` is before `before` (epoch ms), at
   * most `limit` sessions per call (oldest first); returns how many were deleted. A session still
   * recording keeps its early chunks (its `endedAt` moves on). @default limit 500
   */
  deleteReplaySessionsEndedBefore(projectId: number, before: number, limit?: number): Promise<number>;
  /** Deletes every chunk of a project; returns how many. */
  deleteProject(projectId: number): Promise<number>;
  /**
   * GDPR deletion for a replay store kept apart from the `PersonStore` (see `EventLog.deletePersonEvents`):
   * every session with a chunk of `userId`, or anonymous of one of `deviceIds`. Returns the sessions deleted.
   */
  deletePersonSessions?(person: { projectId: number; userId: string; deviceIds: string[] }): Promise<number>;
}
