import { expect, it } from 'vitest';
import type { ReplayChunk } from '@northstar/server';
import type { ConformanceContext } from './conformance-context.js';

function chunk(seq: number, data: Uint8Array | string, overrides: Partial<ReplayChunk> = {}): ReplayChunk {
  return { projectId: 1, sessionId: 'sess-1', seq, data, timestamp: Date.UTC(2024, 2, 10, 12, 0, seq), deviceId: 'd1', userId: null, ...overrides };
}

/** `ReplayStore`: chunks idempotent on (project, session, seq), listed in seq order, bytes and text kept apart. */
export function replayStoreCases({ ports }: ConformanceContext): void {
  it('stores chunks once and lists them in seq order with their bytes intact', async () => {
    const { replays } = ports();
    const bytes = new Uint8Array([0, 255, 31, 139, 8, 0, 128]);
    expect(await replays.appendReplayChunk(chunk(1, bytes))).toBe(true);
    expect(await replays.appendReplayChunk(chunk(0, '{"type":4,"text":"héllo 🎥"}'))).toBe(true);
    expect(await replays.appendReplayChunk(chunk(2, new Uint8Array(0), { userId: 'u1' }))).toBe(true);
    expect(await replays.appendReplayChunk(chunk(1, new Uint8Array([9])))).toBe(false);
    const listed = await replays.listReplayChunks(1, 'sess-1');
    expect(listed.map((c) => c.seq)).toEqual([0, 1, 2]);
    expect(listed[0]).toEqual(chunk(0, '{"type":4,"text":"héllo 🎥"}'));
    expect(listed[1]?.data).toBeInstanceOf(Uint8Array);
    expect([...(listed[1]?.data as Uint8Array)]).toEqual([...bytes]);
    expect(listed[2]).toMatchObject({ seq: 2, userId: 'u1', deviceId: 'd1' });
    expect([...(listed[2]?.data as Uint8Array)]).toEqual([]);
  });

  it('keeps sessions and projects apart', async () => {
    const { replays } = ports();
    await replays.appendReplayChunk(chunk(0, 'a'));
    await replays.appendReplayChunk(chunk(0, 'b', { projectId: 2 }));
    expect((await replays.listReplayChunks(2, 'sess-1')).map((c) => c.data)).toEqual(['b']);
    expect(await replays.listReplayChunks(1, 'sess-2')).toEqual([]);
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
    expect((await replays.listReplayChunks(2, 'sess-1')).map((c) => c.data)).toEqual(['d']);
    expect(await replays.deleteProject(1)).toBe(0);
    expect(await replays.appendReplayChunk(chunk(0, 'again'))).toBe(true);
  });
}
