/** Session replay chunks, kept in order per session. */

export interface ReplayChunk {
  projectId: number;
  sessionId: string;
  /** Position of the chunk in its session, from 0. `(projectId, sessionId, seq)` is the idempotency key. */
  seq: number;
  /** Compressed bytes, or text; read back with the same type. */
  data: Uint8Array | string;
  /** Epoch ms of the first recorded moment in the chunk. */
  timestamp: number;
  deviceId?: string | null;
  userId?: string | null;
}

export interface ReplayStore {
  /** Stores a replay chunk once; returns false when `(projectId, sessionId, seq)` was already stored (the first copy wins). */
  appendReplayChunk(chunk: ReplayChunk): Promise<boolean>;
  /** The chunks of a session in `seq` order. */
  listReplayChunks(projectId: number, sessionId: string): Promise<ReplayChunk[]>;
  /** Deletes every chunk of a project; returns how many. */
  deleteProject(projectId: number): Promise<number>;
  /**
   * GDPR deletion for a replay store kept apart from the `PersonStore` (see `EventLog.deletePersonEvents`):
   * every session with a chunk of `userId`, or anonymous of one of `deviceIds`. Returns the sessions deleted.
   */
  deletePersonSessions?(person: { projectId: number; userId: string; deviceIds: string[] }): Promise<number>;
}
