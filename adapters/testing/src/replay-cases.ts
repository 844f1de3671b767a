import { expect, it } from 'vitest';
import type { ReplayChunk, StorageAdapter } from '@northstar/server';

function chunk(seq: number, data: Uint8Array | string, overrides: Partial<ReplayChunk> = {}): ReplayChunk {
  return { projectId: 1, sessionId: 'sess-1', seq, data, timestamp: Date.UTC(2024, 2, 10, 12, 0, seq), deviceId: 'd1', userId: null, ...overrides };
}

/** Replay chunks: idempotent on (project, session, seq), listed in seq order, bytes and text kept apart. */
export function replayCases(adapter: () => StorageAdapter): void {
  it('stores chunks once and lists them in seq order with their bytes intact', async () => {
    const { events } = adapter();
    const bytes = new Uint8Array([0, 255, 31, 139, 8, 0, 128]);
    expect(await events.appendReplayChunk(chunk(1, bytes))).toBe(true);
    expect(await events.appendReplayChunk(chunk(0, '{"type":4,"text":"héllo 🎥"}'))).toBe(true);
    expect(await events.appendReplayChunk(chunk(2, new Uint8Array(0), { userId: 'u1' }))).toBe(true);
    expect(await events.appendReplayChunk(chunk(1, new Uint8Array([9])))).toBe(false);
    const listed = await events.listReplayChunks(1, 'sess-1');
    expect(listed.map((c) => c.seq)).toEqual([0, 1, 2]);
    expect(listed[0]).toEqual(chunk(0, '{"type":4,"text":"héllo 🎥"}'));
    expect(listed[1]?.data).toBeInstanceOf(Uint8Array);
    expect([...(listed[1]?.data as Uint8Array)]).toEqual([...bytes]);
    expect(listed[2]).toMatchObject({ seq: 2, userId: 'u1', deviceId: 'd1' });
    expect([...(listed[2]?.data as Uint8Array)]).toEqual([]);
  });

  it('keeps sessions and projects apart', async () => {
    const { events } = adapter();
    await events.appendReplayChunk(chunk(0, 'a'));
    await events.appendReplayChunk(chunk(0, 'b', { projectId: 2 }));
    expect((await events.listReplayChunks(2, 'sess-1')).map((c) => c.data)).toEqual(['b']);
    expect(await events.listReplayChunks(1, 'sess-2')).toEqual([]);
  });
}
