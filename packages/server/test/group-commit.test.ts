import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '@northstar/adapter-memory';
import type { StoredEvent } from '@northstar/server';
import { createGroupCommitter } from '../src/ingest/group-commit.js';
import { postJson, startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

let api: TestServer | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const event = (name: string, device = 'd1') => ({ event_name: name, device_id: device });

describe('group commit of /v1/track', () => {
  it('writes concurrent requests with one appendEvents call and answers each with its own result', async () => {
    const storage = createMemoryStorage();
    const append = vi.spyOn(storage.eventLog, 'appendEvents');
    api = await startTestServer({ storage, groupCommitWindowMs: 100 });
    const key = { 'X-API-Key': api.demo.pk };
    const url = `${api.url}/v1/track`;
    const answers = await Promise.all([
      postJson(url, event('a'), key),
      postJson(url, { batch: [event('b'), { device_id: 'no-name' }, event('b', 'd2')] }, key),
      postJson(url, { batch: [event('c'), event('c', 'd2'), event('c', 'd3')] }, key),
    ]);
    expect(answers.map((answer) => answer.body)).toEqual([
      { accepted: 1, rejected: [] },
      { accepted: 2, rejected: [{ index: 1, error: 'event_name is required' }] },
      { accepted: 3, rejected: [] },
    ]);
    expect(append).toHaveBeenCalledTimes(1);
    expect(append.mock.calls[0]?.[0].map((stored) => stored.event_name).sort()).toEqual(['a', 'b', 'b', 'c', 'c', 'c']);
  });

  it('answers a request only once the batch holding its events is written', async () => {
    const storage = createMemoryStorage();
    let release = (): void => {};
    const write = storage.eventLog.appendEvents.bind(storage.eventLog);
    storage.eventLog.appendEvents = async (events) => {
      await new Promise<void>((resolve) => (release = resolve));
      return write(events);
    };
    api = await startTestServer({ storage, groupCommitWindowMs: 1 });
    let answered = false;
    const answer = postJson(`${api.url}/v1/track`, event('slow'), { 'X-API-Key': api.demo.pk }).then((res) => {
      answered = true;
      return res;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answered).toBe(false);
    release();
    expect((await answer).status).toBe(200);
  });

  it('answers every request of a failed batch with 503 and an error, none with 200', async () => {
    const storage = createMemoryStorage();
    const append = vi.spyOn(storage.eventLog, 'appendEvents').mockRejectedValue(new Error('connection lost'));
    api = await startTestServer({ storage, groupCommitWindowMs: 100 });
    const key = { 'X-API-Key': api.demo.pk };
    const answers = await Promise.all([1, 2, 3].map((n) => postJson(`${api?.url}/v1/track`, event(`e${n}`), key)));
    expect(append).toHaveBeenCalledTimes(1);
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ error: expect.stringContaining('Storage unavailable') });
      expect(answer.headers.get('retry-after')).toBe('5');
    }
  });
});

describe('createGroupCommitter', () => {
  const stored = (n: number): StoredEvent[] =>
    Array.from({ length: n }, (_, i) => ({
      uuid: `u${i}`,
      project_id: 1,
      event_name: 'e',
      user_id: null,
      device_id: 'd',
      session_id: null,
      timestamp: 0,
      str_properties: {},
      num_properties: {},
      received_at: 0,
    }));

  it('writes a batch as soon as it reaches maxEvents, without waiting for the window', async () => {
    const write = vi.fn(() => Promise.resolve());
    const committer = createGroupCommitter({ write, windowMs: 60_000, maxEvents: 3, maxConcurrentWrites: 2 });
    await Promise.all([committer.commit(stored(2)), committer.commit(stored(1))]);
    expect(write).toHaveBeenCalledTimes(1);
  });

  it('never splits a request: one that would overflow the open batch starts the next', async () => {
    const write = vi.fn((_events: StoredEvent[]) => Promise.resolve());
    const committer = createGroupCommitter({ write, windowMs: 1, maxEvents: 3, maxConcurrentWrites: 2 });
    await Promise.all([committer.commit(stored(2)), committer.commit(stored(2)), committer.commit(stored(5))]);
    expect(write.mock.calls.map(([events]) => events.length)).toEqual([2, 2, 5]);
  });

  it('gathers requests into the next batch while every write slot is busy, and writes it once one frees up', async () => {
    const releases: (() => void)[] = [];
    const write = vi.fn((_events: StoredEvent[]) => new Promise<void>((resolve) => releases.push(resolve)));
    const committer = createGroupCommitter({ write, windowMs: 1, maxEvents: 100, maxConcurrentWrites: 1 });
    const first = committer.commit(stored(1));
    await vi.waitFor(() => expect(write).toHaveBeenCalledTimes(1));
    const later = [committer.commit(stored(2)), committer.commit(stored(3)), committer.commit(stored(4))];
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(write).toHaveBeenCalledTimes(1);
    releases[0]?.();
    await first;
    await vi.waitFor(() => expect(write).toHaveBeenCalledTimes(2));
    expect(write.mock.calls[1]?.[0]).toHaveLength(9);
    releases[1]?.();
    await Promise.all(later);
  });

  it('never runs more than maxConcurrentWrites writes at once', async () => {
    let running = 0;
    let most = 0;
    const write = async () => {
      most = Math.max(most, (running += 1));
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
    };
    const committer = createGroupCommitter({ write, windowMs: 0, maxEvents: 1, maxConcurrentWrites: 2 });
    await Promise.all(Array.from({ length: 10 }, () => committer.commit(stored(1))));
    expect(most).toBe(2);
  });

  it('writes what is open on flush and waits for it', async () => {
    const write = vi.fn(() => Promise.resolve());
    const committer = createGroupCommitter({ write, windowMs: 60_000, maxEvents: 100, maxConcurrentWrites: 2 });
    const done = committer.commit(stored(1));
    await committer.flush();
    await done;
    expect(write).toHaveBeenCalledTimes(1);
  });
});
