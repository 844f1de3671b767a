// @vitest-environment jsdom
import { gunzipSync } from 'node:zlib';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../src/core/storage.js';
import { NO_CAPTURE } from '../src/dom/no-capture.js';
import { MUTATION_LIMIT } from '../src/plugins/replay/mutation-throttle.js';
import { REPLAY_DEFAULTS } from '../src/plugins/replay/options.js';
import type { ReplayOptions } from '../src/plugins/replay/options.js';
import type { Recorder, RecorderHost } from '../src/plugins/replay/recorder-api.js';
import { startRecorder } from '../src/plugins/replay/recorder.js';
import { sessionRecordings } from '../src/plugins/replay/session-recording.js';
import { API_KEY, ENDPOINT, server, useApi } from './msw-api.js';

const URL = `${ENDPOINT}/v1/replay/chunks`;
/** rrweb's event types. */
const FULL_SNAPSHOT = 2;
const INCREMENTAL = 3;
const META = 4;
const CUSTOM = 5;

interface SentChunk {
  session_id: string;
  seq: number;
  device_id: string;
  user_id?: string;
  events: { type: number; data?: unknown }[];
}
interface Sent {
  chunk: SentChunk;
  headers: Headers;
  keepalive: boolean;
}

let sent: Sent[] = [];
let recorder: Recorder | undefined;
let session: string | null = 'session-1';
/** How often the recorder asked for the session: once per flush, so a count shows flushes that happened. */
let asked = 0;
/** The recorder's debug messages. */
let logged: string[] = [];
/** The number of the running test, in a header of its chunks: a chunk the recorder of an earlier test sends late is not this test's. */
let test = 0;

useApi();
beforeEach(() => {
  sent = [];
  session = 'session-1';
  asked = 0;
  logged = [];
  test += 1;
  document.body.innerHTML = '<h1>visible text</h1><input id="f" type="hidden" value="csrf-secret"><div class="sdk-no-capture">blocked text</div>';
  server.use(
    http.post(URL, async ({ request }) => {
      if (request.headers.get('x-test') !== String(test)) return HttpResponse.json({ stored: 1, duplicates: 0 });
      const bytes = Buffer.from(await request.arrayBuffer());
      const text = request.headers.get('content-encoding') === 'gzip' ? gunzipSync(bytes).toString('utf8') : bytes.toString('utf8');
      sent.push({ chunk: JSON.parse(text) as SentChunk, headers: request.headers, keepalive: request.keepalive });
      return HttpResponse.json({ stored: 1, duplicates: 0 });
    }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  recorder?.stop();
  recorder = undefined;
});

/** A recorder over a host whose session the test sets, with these options. */
function start(options: Partial<ReplayOptions> = {}, maxUndeliveredBytes?: number): RecorderHost {
  const store = createStore(`ns_${API_KEY}_`);
  store.on = true;
  const o = { ...REPLAY_DEFAULTS, flushInterval: 50, ...options };
  const host: RecorderHost = {
    options: o,
    noCapture: NO_CAPTURE,
    url: URL,
    headers: { 'X-API-Key': API_KEY, 'X-Test': String(test) },
    session: () => {
      asked += 1;
      return session;
    },
    recordings: sessionRecordings(store, o.samplingRate),
    ids: () => ({ device_id: 'device-1', user_id: 'user-1' }),
    log: (message) => void logged.push(message),
  };
  recorder = startRecorder(host, maxUndeliveredBytes);
  return host;
}

const until = async (done: () => boolean, what: string): Promise<void> => {
  const deadline = Date.now() + 10_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};
const chunksOf = (id: string) => sent.map((s) => s.chunk).filter((c) => c.session_id === id);
const types = (chunk: SentChunk | undefined) => chunk?.events.map((e) => e.type) ?? [];

describe('the replay recorder', () => {
  it("sends the page's Meta and FullSnapshot as chunk 0 of the session, gzip, with the key, device and user", async () => {
    start();
    await until(() => sent.length > 0, 'the first chunk');
    const [first] = sent;
    expect(first?.chunk).toMatchObject({ session_id: 'session-1', seq: 0, device_id: 'device-1', user_id: 'user-1' });
    expect(types(first?.chunk).slice(0, 2)).toEqual([META, FULL_SNAPSHOT]);
    expect(first?.headers.get('x-api-key')).toBe(API_KEY);
    expect(first?.headers.get('content-encoding')).toBe('gzip');
  });

  it('numbers the chunks of a session 0, 1, 2, ... as the page changes', async () => {
    start();
    await until(() => sent.length > 0, 'the first chunk');
    document.body.append(Object.assign(document.createElement('p'), { textContent: 'added' }));
    await until(() => sent.length > 1, 'the second chunk');
    expect(sent.map((s) => s.chunk.seq)).toEqual([0, 1]);
    expect(types(sent[1]?.chunk)).toContain(INCREMENTAL);
    expect(JSON.stringify(sent[1]?.chunk)).toContain('added');
  });

  it('masks a hidden input and leaves a blocked element empty', async () => {
    start();
    await until(() => sent.length > 0, 'the first chunk');
    const text = JSON.stringify(sent[0]?.chunk);
    expect(text).toContain('visible text');
    expect(text).not.toContain('csrf-secret');
    expect(text).not.toContain('blocked text');
  });

  it('sends a chunk as soon as maxEventsPerChunk events wait', async () => {
    start({ maxEventsPerChunk: 2, flushInterval: 60_000 });
    await until(() => sent.length > 0, 'a full chunk');
    expect(sent[0]?.chunk.events).toHaveLength(2);
  });

  it('sends plain JSON with compress: false', async () => {
    start({ compress: false });
    await until(() => sent.length > 0, 'the first chunk');
    expect(sent[0]?.headers.get('content-encoding')).toBeNull();
    expect(sent[0]?.headers.get('content-type')).toBe('application/json');
  });

  it('starts again when the session changes: a new session id, seq from 0, a new full snapshot', async () => {
    start();
    await until(() => sent.length > 0, 'the first chunk');
    session = 'session-2';
    await until(() => chunksOf('session-2').length > 0, 'a chunk of the new session');
    const [first] = chunksOf('session-2');
    expect(first?.seq).toBe(0);
    expect(types(first).slice(0, 2)).toEqual([META, FULL_SNAPSHOT]);
  });

  it('records nothing while there is no session to record (consent pending, opted out)', async () => {
    session = null;
    start();
    document.body.append(document.createElement('p'));
    await until(() => asked >= 3, 'three flushes');
    expect(logged).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('stops recording at maxDuration from the start of the session, and does not start again in that session', async () => {
    start({ maxDuration: 150 });
    await until(() => logged.includes('recording of session session-1 ended'), 'the end of the recording');
    const flushes = asked;
    document.body.append(Object.assign(document.createElement('p'), { textContent: 'after the limit' }));
    await until(() => asked >= flushes + 2, 'two more flushes');
    await until(() => sent.length > 0, 'the chunk recorded before the limit');
    expect(logged).toEqual(['recording session session-1', 'recording of session session-1 ended']);
    expect(JSON.stringify(sent)).not.toContain('after the limit');
  });

  it('does not record a later page load of a session past its maxDuration', async () => {
    localStorage.setItem(`ns_${API_KEY}_replay`, JSON.stringify({ session: 'session-1', sampled: true, seq: 4, start: Date.now() - 2000 }));
    start({ maxDuration: 1000 });
    await until(() => asked >= 2, 'two flushes');
    expect(logged).toEqual([]);
  });

  it('continues the sequence of the session that an earlier page load began', async () => {
    localStorage.setItem(`ns_${API_KEY}_replay`, JSON.stringify({ session: 'session-1', sampled: true, seq: 4, start: Date.now() }));
    start();
    await until(() => sent.length > 0, 'the first chunk of this page load');
    expect(sent[0]?.chunk.seq).toBe(4);
  });

  it('stops before serialising a burst of more than MUTATION_LIMIT mutations a second, notes it, and resumes from a fresh full snapshot', async () => {
    start();
    await until(() => sent.length > 0, 'the first chunk');
    const burst = document.createElement('div');
    for (let i = 0; i <= MUTATION_LIMIT; i++) burst.append(document.createElement('span'));
    document.body.append(burst);
    await until(() => sent.flatMap((s) => s.chunk.events).filter((e) => e.type === FULL_SNAPSHOT).length >= 2, 'the fresh full snapshot');
    const events = sent.flatMap((s) => s.chunk.events);
    const throttled = events.findIndex((e) => e.type === CUSTOM && (e.data as { tag: string }).tag === 'northstar.throttled');
    expect(throttled).toBeGreaterThan(0);
    expect(events.slice(throttled + 1, throttled + 3).map((e) => e.type)).toEqual([META, FULL_SNAPSHOT]);
    // No mutation event carries the burst: only the new full snapshot has its nodes.
    const adds = events.filter((e) => e.type === INCREMENTAL).map((e) => (e.data as { adds?: unknown[] }).adds?.length ?? 0);
    expect(Math.max(0, ...adds)).toBeLessThan(100);
    expect(logged).toContain(`paused: more than ${MUTATION_LIMIT} mutations a second`);
  });

  it('sends a chunk that failed again at the next flush', async () => {
    server.use(http.post(URL, () => HttpResponse.json({ error: 'down' }, { status: 503 }), { once: true }));
    start();
    await until(() => sent.length > 0, 'the chunk, sent again');
    expect(sent[0]?.chunk.seq).toBe(0);
  });

  describe('while the server fails', () => {
    let down = true;
    let changes = 0;
    beforeEach(() => {
      down = true;
      changes = 0;
      server.use(http.post(URL, () => (down ? HttpResponse.json({ error: 'down' }, { status: 503 }) : undefined)));
    });
    /** Adds a paragraph `change <n>`, n counted from 0 in each test. */
    const changePage = () => void document.body.append(Object.assign(document.createElement('p'), { textContent: `change ${changes++}` }));

    it('keeps every chunk that failed, however many, and delivers them all once the server answers again', { timeout: 20_000 }, async () => {
      start();
      for (let flushes = 0; flushes < 30; flushes++) {
        changePage();
        const before = asked;
        await until(() => asked > before, 'a flush');
      }
      down = false;
      await until(() => sent.some((s) => JSON.stringify(s.chunk.events).includes('change 0')), 'the first change');
      const last = Math.max(...sent.map((s) => s.chunk.seq));
      expect(last).toBeGreaterThan(20);
      await until(() => new Set(sent.map((s) => s.chunk.seq)).size === last + 1, 'every chunk up to the last one sent');
      await until(() => sent.some((s) => JSON.stringify(s.chunk.events).includes('change 29')), 'the last change');
      expect(sent.map((s) => s.chunk.seq)).toHaveLength(new Set(sent.map((s) => s.chunk.seq)).size);
    });

    it('pauses recording while more than its limit of bytes is undelivered, notes it, and resumes from a fresh full snapshot once delivered', async () => {
      start({}, 1);
      await until(() => logged.some((m) => m.startsWith('paused: ')), 'the pause');
      changePage();
      down = false;
      await until(() => sent.flatMap((s) => s.chunk.events).filter((e) => e.type === FULL_SNAPSHOT).length >= 2, 'the fresh full snapshot');
      const events = [...sent].sort((a, b) => a.chunk.seq - b.chunk.seq).flatMap((s) => s.chunk.events);
      const paused = events.findIndex((e) => e.type === CUSTOM && (e.data as { tag: string }).tag === 'northstar.backlog');
      expect(paused).toBeGreaterThan(0);
      expect(events.slice(paused + 1, paused + 3).map((e) => e.type)).toEqual([META, FULL_SNAPSHOT]);
      // The change made while paused is in the fresh snapshot, not in a mutation event.
      expect(events.filter((e) => e.type === INCREMENTAL && JSON.stringify(e).includes('change 0'))).toEqual([]);
    });
  });

  it('sends a chunk as an ordinary request when the browser refuses a keepalive one (64 KiB of them in flight)', async () => {
    const browserFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) =>
      init?.keepalive ? Promise.reject(new TypeError('Failed to fetch')) : browserFetch(input, init),
    );
    start();
    await until(() => sent.length > 0, 'the first chunk');
    expect(sent[0]?.chunk.seq).toBe(0);
    expect(sent[0]?.keepalive).toBe(false);
  });

  it('sends a chunk still being encoded when the page unloads at once, with keepalive, and only once', async () => {
    start({ flushInterval: 60_000 });
    const requests = vi.spyOn(globalThis, 'fetch');
    // The Meta and FullSnapshot begin their encoding in slices; the page goes away before it is done.
    recorder?.flush();
    expect(requests).not.toHaveBeenCalled();
    recorder?.flush(true);
    expect(requests).toHaveBeenCalledTimes(1);
    document.body.append(Object.assign(document.createElement('p'), { textContent: 'next' }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Chunks are encoded in order: once chunk 1 is sent, the sliced encoding of chunk 0 has ended too.
    recorder?.flush();
    await until(() => sent.some((s) => s.chunk.seq === 1), 'the next chunk');
    const first = sent.filter((s) => s.chunk.seq === 0);
    expect(first).toHaveLength(1);
    expect(first[0]?.keepalive).toBe(true);
    expect(types(first[0]?.chunk).slice(0, 2)).toEqual([META, FULL_SNAPSHOT]);
  });

  it('sends what waits at once, with keepalive, when the page unloads', async () => {
    start({ flushInterval: 60_000 });
    recorder?.flush(true);
    await until(() => sent.length > 0, 'the unload chunk');
    expect(sent[0]?.keepalive).toBe(true);
    expect(types(sent[0]?.chunk).slice(0, 2)).toEqual([META, FULL_SNAPSHOT]);
  });
});
