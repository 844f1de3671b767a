import { NotFoundError } from '../../errors/index.js';
import type { QueryEngine, ReplaySession, ReplayStore } from '../../ports/index.js';
import type { EventPageQuery } from '../../schemas/documents/common.js';
import type { ShownReplaySession, TimelineEntry } from '../../schemas/replay-session.js';
import { decodeReplayText } from './replay-chunk-data.js';
import { decodeSessionCursor, encodeSessionCursor } from './replay-cursor.js';
import { sessionCounts } from './session-counts.js';
import type { SessionCounts } from './session-counts.js';
import { sessionTimeline } from './session-timeline.js';

/** JSON of rrweb events one chunk page holds at most (at least one chunk is always returned). */
const MAX_PAGE_JSON_BYTES = 16 * 1_048_576;

const iso = (ms: number) => new Date(ms).toISOString();

function showSession(session: ReplaySession, counts: SessionCounts | undefined): ShownReplaySession {
  return {
    session_id: session.sessionId,
    started_at: iso(session.startedAt),
    ended_at: iso(session.endedAt),
    duration_ms: Math.max(0, session.endedAt - session.startedAt),
    device_id: session.deviceId,
    user_id: session.userId,
    chunks: session.chunks,
    bytes: session.bytes,
    pages: { count: session.pages.length, urls: session.pages },
    frustration: counts?.frustration ?? { total: 0, rageclick: 0, deadclick: 0, errorclick: 0, erratic_cursor: 0 },
    errors: counts?.errors ?? 0,
  };
}

export interface ReplayChunkPage {
  chunks: { seq: number; timestamp: string; events: unknown[] }[];
  next_seq: number | null;
}

/** Reading recorded sessions: the listing, one session with its timeline, and its chunks for a player. */
export function replayReadingService(replays: ReplayStore, engine: QueryEngine) {
  async function find(projectId: number, sessionId: string): Promise<ReplaySession> {
    const session = await replays.getReplaySession(projectId, sessionId);
    if (!session) throw new NotFoundError('No replay of this session');
    return session;
  }
  return {
    /** A page of sessions, newest first (keyset: pass `next` as `before`). */
    async list(projectId: number, page: EventPageQuery): Promise<{ items: ShownReplaySession[]; next: string | null }> {
      const before = page.before === undefined ? undefined : decodeSessionCursor(page.before);
      const sessions = await replays.listReplaySessions({ projectId, limit: page.limit + 1, ...(before && { before }) });
      const items = sessions.slice(0, page.limit);
      const counts = await sessionCounts(engine, projectId, items);
      const last = items.at(-1);
      return {
        items: items.map((session) => showSession(session, counts.get(session.sessionId))),
        next: sessions.length > page.limit && last ? encodeSessionCursor(last) : null,
      };
    },

    /** One session, its counts and its timeline; 404 when no chunk of it is stored. */
    async get(projectId: number, sessionId: string): Promise<{ session: ShownReplaySession; timeline: TimelineEntry[] }> {
      const session = await find(projectId, sessionId);
      const [counts, timeline] = await Promise.all([sessionCounts(engine, projectId, [session]), sessionTimeline(engine, projectId, session)]);
      return { session: showSession(session, counts.get(sessionId)), timeline };
    },

    /** The session's chunks from `fromSeq`, decompressed, up to `limit` of them or 16 MiB of events. */
    async chunks(projectId: number, sessionId: string, range: { from_seq: number; limit: number }): Promise<ReplayChunkPage> {
      await find(projectId, sessionId);
      const stored = await replays.listReplayChunks(projectId, sessionId, { fromSeq: range.from_seq, limit: range.limit + 1 });
      const chunks: ReplayChunkPage['chunks'] = [];
      let bytes = 0;
      for (const chunk of stored.slice(0, range.limit)) {
        if (chunks.length > 0 && bytes >= MAX_PAGE_JSON_BYTES) break;
        const text = await decodeReplayText(chunk.data);
        bytes += text.length;
        const events: unknown = JSON.parse(text);
        chunks.push({ seq: chunk.seq, timestamp: iso(chunk.timestamp), events: Array.isArray(events) ? (events as unknown[]) : [] });
      }
      const next = stored[chunks.length];
      return { chunks, next_seq: next ? next.seq : null };
    },
  };
}

export type ReplayReadingService = ReturnType<typeof replayReadingService>;
