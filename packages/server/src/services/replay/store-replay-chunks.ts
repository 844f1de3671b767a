import type { QueryEngine, ReplayStore } from '../../ports/index.js';
import type { ParsedReplayChunk, ReplayResponse } from '../../schemas/replay-chunk.js';
import { encodeReplayEvents } from './replay-chunk-data.js';
import { replayReadingService } from './replay-sessions.js';
import type { ReplayReadingService } from './replay-sessions.js';

/** rrweb's `EventType.Meta`: the page's URL and viewport, recorded when a page starts. */
const META_EVENT = 4;
/** Pages kept per chunk, and characters per URL. */
const MAX_PAGES = 100;
const MAX_URL = 2048;

/** The URLs of the chunk's Meta events, in order. */
export function chunkPages(chunk: ParsedReplayChunk): string[] {
  const pages: string[] = [];
  for (const event of chunk.events) {
    if (event.type !== META_EVENT || typeof event.data !== 'object' || event.data === null) continue;
    const href: unknown = (event.data as { href?: unknown }).href;
    if (typeof href === 'string' && href !== '' && pages.length < MAX_PAGES) pages.push(href.slice(0, MAX_URL));
  }
  return pages;
}

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
    const start = chunkTime(chunk);
    const inserted = await replays.appendReplayChunk({
      projectId,
      sessionId: chunk.session_id,
      seq: chunk.seq,
      data: await encodeReplayEvents(chunk.events),
      timestamp: start,
      endTimestamp: chunk.events.reduce((latest, event) => Math.max(latest, event.timestamp), start),
      pages: chunkPages(chunk),
      deviceId: chunk.device_id ?? null,
      userId: chunk.user_id ?? null,
    });
    if (inserted) stored += 1;
  }
  return { stored, duplicates: chunks.length - stored };
}

/** Session replay: chunks stored per session, in order; sessions listed and read back for a player. */
export interface ReplayService extends ReplayReadingService {
  /** Stores each validated chunk once; a repeated `(session_id, seq)` keeps its first copy. */
  storeChunks(projectId: number, chunks: ParsedReplayChunk[]): Promise<ReplayResponse>;
}

export function replayService(replays: ReplayStore, engine: QueryEngine): ReplayService {
  return { storeChunks: (projectId, chunks) => storeReplayChunks(replays, projectId, chunks), ...replayReadingService(replays, engine) };
}
