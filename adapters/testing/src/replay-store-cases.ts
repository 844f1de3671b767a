import { expect, it } from 'vitest';
import type { ReplayChunk } from '@northstar/server';
import type { ConformanceContext } from './conformance-context.js';

const T0 = Date.UTC(2024, 2, 10, 12, 0, 0);

function chunk(seq: number, data: Uint8Array | string, overrides: Partial<ReplayChunk> = {}): ReplayChunk {
  const timestamp = T0 + seq * 1000;
  return { projectId: 1, sessionId: 'sess-1', seq, data, timestamp, endTimestamp: timestamp, pages: [], deviceId: 'd1', userId: null, ...overrides };
}

/** `ReplayStore`: chunks idempotent on (project, session, seq), listed in seq order, bytes and text kept apart; sessions summed up, listed, expired. */
export function replayStoreCases({ ports }: ConformanceContext): void {
  it('stores chunks once and lists them in seq order with their bytes intact', async () => {
    const { replays } = ports();
    const bytes = new Uint8Array([0, 255, 31, 139, 8, 0, 128]);
    expect(await replays.appendReplayChunk(chunk(1, bytes))).toBe(true);
    expect(await replays.appendReplayChunk(chunk(0, '{"type":4,"text":"héllo 🎥"}', { pages: ['https://a.test/'] }))).toBe(true);
    expect(await replays.appendReplayChunk(chunk(2, new Uint8Array(0), { userId: 'u1' }))).toBe(true);
    expect(await replays.appendReplayChunk(chunk(1, new Uint8Array([9])))).toBe(false);
    const listed = await replays.listReplayChunks(1, 'sess-1');
    expect(listed.map((c) => c.seq)).toEqual([0, 1, 2]);
    expect(listed[0]).toEqual(chunk(0, '{"type":4,"text":"héllo 🎥"}', { pages: ['https://a.test/'] }));
    expect(listed[1]?.data).toBeInstanceOf(Uint8Array);
    expect([...(listed[1]?.data as Uint8Array)]).toEqual([...bytes]);
    expect(listed[2]).toMatchObject({ seq: 2, userId: 'u1', deviceId: 'd1' });
    expect([...(listed[2]?.data as Uint8Array)]).toEqual([]);
  });

  it('reads a session from a seq on, a limited number of chunks', async () => {
    const { replays } = ports();
    for (const seq of [3, 0, 2, 1, 4]) await replays.appendReplayChunk(chunk(seq, `c${seq}`));
    expect((await replays.listReplayChunks(1, 'sess-1', { fromSeq: 2, limit: 2 })).map((c) => c.data)).toEqual(['c2', 'c3']);
    expect((await replays.listReplayChunks(1, 'sess-1', { fromSeq: 4 })).map((c) => c.data)).toEqual(['c4']);
    expect(await replays.listReplayChunks(1, 'sess-1', { fromSeq: 5 })).toEqual([]);
  });

  it('keeps sessions and projects apart', async () => {
    const { replays } = ports();
    await replays.appendReplayChunk(chunk(0, 'a'));
    await replays.appendReplayChunk(chunk(0, 'b', { projectId: 2 }));
    expect((await replays.listReplayChunks(2, 'sess-1')).map((c) => c.data)).toEqual(['b']);
    expect(await replays.listReplayChunks(1, 'sess-2')).toEqual([]);
  });

  it('sums a session up from its chunks: start, end, first device and user stored, chunks, bytes, pages in seq order', async () => {
    const { replays } = ports();
    await replays.appendReplayChunk(chunk(1, 'bb', { timestamp: T0 + 5_000, endTimestamp: T0 + 9_000, pages: ['https://a.test/2', 'https://a.test/3'] }));
    await replays.appendReplayChunk(chunk(0, 'a', { endTimestamp: T0 + 4_000, pages: ['https://a.test/1', 'https://a.test/2'], deviceId: null }));
    await replays.appendReplayChunk(chunk(2, 'é', { timestamp: T0 + 9_000, endTimestamp: T0 + 8_000, userId: 'u1', deviceId: 'd2' }));
    await replays.appendReplayChunk(chunk(3, 'x', { timestamp: T0 + 9_500, endTimestamp: T0 + 9_600, userId: 'u2', pages: ['https://a.test/3'] }));
    await replays.appendReplayChunk(chunk(3, 'ignored', { timestamp: T0 - 50_000, endTimestamp: T0 + 99_000 }));
    expect(await replays.getReplaySession(1, 'sess-1')).toEqual({
      projectId: 1,
      sessionId: 'sess-1',
      startedAt: T0,
      endedAt: T0 + 9_600,
      deviceId: 'd1',
      userId: 'u1',
      chunks: 4,
      bytes: 6,
      pages: ['https://a.test/1', 'https://a.test/2', 'https://a.test/3'],
    });
    expect(await replays.getReplaySession(1, 'sess-2')).toBeNull();
    expect(await replays.getReplaySession(2, 'sess-1')).toBeNull();
  });

  it('lists sessions newest first, by start then session id, in keyset pages', async () => {
    const { replays } = ports();
    const starts: [string, number][] = [
      ['s-a', T0],
      ['s-b', T0 + 60_000],
      ['s-c', T0 + 60_000],
      ['s-d', T0 + 120_000],
      ['s-e', T0 - 60_000],
    ];
    for (const [sessionId, timestamp] of starts) await replays.appendReplayChunk(chunk(0, sessionId, { sessionId, timestamp, endTimestamp: timestamp + 10 }));
    await replays.appendReplayChunk(chunk(0, 'other', { projectId: 2, sessionId: 's-z', timestamp: T0 }));
    const ids = (page: { sessionId: string }[]) => page.map((session) => session.sessionId);
    expect(ids(await replays.listReplaySessions({ projectId: 1 }))).toEqual(['s-d', 's-c', 's-b', 's-a', 's-e']);
    const first = await replays.listReplaySessions({ projectId: 1, limit: 2 });
    expect(ids(first)).toEqual(['s-d', 's-c']);
    const last = first[1] as { startedAt: number; sessionId: string };
    const second = await replays.listReplaySessions({ projectId: 1, limit: 2, before: { startedAt: last.startedAt, sessionId: last.sessionId } });
    expect(ids(second)).toEqual(['s-b', 's-a']);
    expect(ids(await replays.listReplaySessions({ projectId: 1, before: { startedAt: T0 - 60_000, sessionId: 's-e' } }))).toEqual([]);
    expect(second[0]).toMatchObject({ projectId: 1, startedAt: T0 + 60_000, endedAt: T0 + 60_010, chunks: 1, bytes: 3, pages: [] });
  });

  it('deletes whole sessions that ended before a time, oldest first and at most a limit per call', async () => {
    const { replays } = ports();
    await replays.appendReplayChunk(chunk(0, 'a', { sessionId: 'old-1', timestamp: T0, endTimestamp: T0 + 100 }));
    await replays.appendReplayChunk(chunk(1, 'b', { sessionId: 'old-1', timestamp: T0 + 100, endTimestamp: T0 + 200 }));
    await replays.appendReplayChunk(chunk(0, 'c', { sessionId: 'old-2', timestamp: T0, endTimestamp: T0 + 300 }));
    // started before the cutoff but still recording after it: kept whole
    await replays.appendReplayChunk(chunk(0, 'd', { sessionId: 'live', timestamp: T0, endTimestamp: T0 + 100 }));
    await replays.appendReplayChunk(chunk(1, 'e', { sessionId: 'live', timestamp: T0 + 5_000, endTimestamp: T0 + 6_000 }));
    await replays.appendReplayChunk(chunk(0, 'f', { projectId: 2, sessionId: 'old-1', timestamp: T0, endTimestamp: T0 + 100 }));
    expect(await replays.deleteReplaySessionsEndedBefore(1, T0 + 1_000, 1)).toBe(1);
    expect(await replays.getReplaySession(1, 'old-1')).toBeNull();
    expect(await replays.listReplayChunks(1, 'old-1')).toEqual([]);
    expect(await replays.deleteReplaySessionsEndedBefore(1, T0 + 1_000)).toBe(1);
    expect(await replays.deleteReplaySessionsEndedBefore(1, T0 + 1_000)).toBe(0);
    expect((await replays.listReplaySessions({ projectId: 1 })).map((session) => session.sessionId)).toEqual(['live']);
    expect((await replays.listReplayChunks(1, 'live')).map((c) => c.data)).toEqual(['d', 'e']);
    expect(await replays.getReplaySession(2, 'old-1')).toMatchObject({ chunks: 1 });
    // a session whose chunks are stored again after it expired starts afresh
    expect(await replays.appendReplayChunk(chunk(0, 'again', { sessionId: 'old-1' }))).toBe(true);
    expect(await replays.getReplaySession(1, 'old-1')).toMatchObject({ chunks: 1, bytes: 5 });
  });

  it('deletes the chunks of one project and answers how many, leaving other projects alone', async () => {
    const { replays } = ports();
    await replays.appendReplayChunk(chunk(0, 'a'));
    await replays.appendReplayChunk(chunk(1, 'b'));
    await replays.appendReplayChunk(chunk(0, 'c', { sessionId: 'sess-2' }));
    await replays.appendReplayChunk(chunk(0, 'd', { projectId: 2 }));
    expect(await replays.deleteProject(1)).toBe(3);
    expect(await replays.listReplayChunks(1, 'sess-1')).toEqual([]);
    expect(await replays.listReplayChunks(1, 'sess-2')).toEqual([]);
    expect(await replays.listReplaySessions({ projectId: 1 })).toEqual([]);
    expect((await replays.listReplayChunks(2, 'sess-1')).map((c) => c.data)).toEqual(['d']);
    expect(await replays.listReplaySessions({ projectId: 2 })).toHaveLength(1);
    expect(await replays.deleteProject(1)).toBe(0);
    expect(await replays.appendReplayChunk(chunk(0, 'again'))).toBe(true);
  });
}
