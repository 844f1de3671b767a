import type { ReplayChunk, ReplaySession } from '@northstar/server';

/** The byte length of a chunk's data as stored (text as UTF-8). */
function byteLength(data: Uint8Array | string): number {
  return typeof data === 'string' ? new TextEncoder().encode(data).byteLength : data.byteLength;
}

/** The `pages` of chunks in seq order, a URL repeated back to back kept once. */
export function sessionPages(chunks: readonly Pick<ReplayChunk, 'pages'>[]): string[] {
  const pages: string[] = [];
  for (const chunk of chunks) for (const page of chunk.pages ?? []) if (pages.at(-1) !== page) pages.push(page);
  return pages;
}

/** The session a non-empty list of one session's chunks, in the order they were stored, makes up. */
export function summariseSession(arrived: readonly ReplayChunk[]): ReplaySession {
  const chunks = [...arrived].sort((a, b) => a.seq - b.seq);
  const first = chunks[0] as ReplayChunk;
  return {
    projectId: first.projectId,
    sessionId: first.sessionId,
    startedAt: Math.min(...chunks.map((chunk) => chunk.timestamp)),
    endedAt: Math.max(...chunks.map((chunk) => chunk.endTimestamp ?? chunk.timestamp)),
    deviceId: arrived.find((chunk) => chunk.deviceId)?.deviceId ?? null,
    userId: arrived.find((chunk) => chunk.userId)?.userId ?? null,
    chunks: chunks.length,
    bytes: chunks.reduce((sum, chunk) => sum + byteLength(chunk.data), 0),
    pages: sessionPages(chunks),
  };
}

/** Newest first: `startedAt` descending, then `sessionId` descending (code-point order). */
export function newestFirst(a: ReplaySession, b: ReplaySession): number {
  if (a.startedAt !== b.startedAt) return b.startedAt - a.startedAt;
  return a.sessionId < b.sessionId ? 1 : a.sessionId > b.sessionId ? -1 : 0;
}

/** Whether `session` comes strictly after the cursor in newest-first order. */
export function isAfterCursor(session: ReplaySession, before: { startedAt: number; sessionId: string }): boolean {
  return session.startedAt < before.startedAt || (session.startedAt === before.startedAt && session.sessionId < before.sessionId);
}

/** A `limit` clamped to 1–1000, 50 when absent. */
export function sessionLimit(limit: number | undefined): number {
  return Math.min(1000, Math.max(1, Math.floor(limit ?? 50)));
}
