import type { ReplayStore } from '../../ports/index.js';
import type { ParsedReplayChunk, ReplayResponse } from '../../schemas/replay-chunk.js';
import { encodeReplayEvents } from './replay-chunk-data.js';

/** `timestamp` of the chunk, else its earliest event's. */
function chunkTime(chunk: ParsedReplayChunk): number {
  if (chunk.timestamp !== undefined) return Date.parse(chunk.timestamp);
  return chunk.events.reduce((earliest, event) => Math.min(earliest, event.timestamp), Number.POSITIVE_INFINITY);
}

/** Stores each validated chunk of a replay body once, in order. */
export async function storeReplayChunks(
  replays: Pick<ReplayStore, 'appendReplayChunk'>,
  projectId: number,
  chunks: ParsedReplayChunk[],
): Promise<ReplayResponse> {
  let stored = 0;
  for (const chunk of chunks) {
    const inserted = await replays.appendReplayChunk({
      projectId,
      sessionId: chunk.session_id,
      seq: chunk.seq,
      data: await encodeReplayEvents(chunk.events),
      timestamp: chunkTime(chunk),
      deviceId: chunk.device_id ?? null,
      userId: chunk.user_id ?? null,
    });
    if (inserted) stored += 1;
  }
  return { stored, duplicates: chunks.length - stored };
}

/** Session replay: chunks stored per session, in order. */
export interface ReplayService {
  /** Stores each validated chunk once; a repeated `(session_id, seq)` keeps its first copy. */
  storeChunks(projectId: number, chunks: ParsedReplayChunk[]): Promise<ReplayResponse>;
}

export function replayService(replays: Pick<ReplayStore, 'appendReplayChunk'>): ReplayService {
  return { storeChunks: (projectId, chunks) => storeReplayChunks(replays, projectId, chunks) };
}
