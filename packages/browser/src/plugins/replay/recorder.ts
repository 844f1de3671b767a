import { record } from 'rrweb';
import type { eventWithTime } from 'rrweb';
import { recordOptions } from './record-options.js';
import type { Recorder, RecorderHost } from './recorder-api.js';
import { encodeChunk, encodeChunkNow, postChunk } from './send-chunk.js';
import type { EncodedChunk, ReplayChunk } from './send-chunk.js';

/** Chunks kept for another attempt after a failed send (network, 5xx, 429); the oldest go first. */
const MAX_PENDING = 20;

/** One rrweb recording: of one session, on this page. */
interface Recording {
  session: string;
  events: eventWithTime[];
  stop?: () => void;
  /** The `maxDuration` timer. */
  limit: ReturnType<typeof setTimeout>;
}

/**
 * The recorder: records the host's current session with rrweb when the sampling includes it, and sends what
 * it records as chunks numbered from 0 per session. Every `flushInterval` it sends what waits, and follows
 * the session: when the session changes (a timeout, a reset) the recording ends and, for a sampled new
 * session, a new one begins with sequence 0 and a full snapshot. A session is recorded for at most
 * `maxDuration` from its first recorded page.
 */
export function startRecorder(host: RecorderHost): Recorder {
  const o = host.options;
  let current: Recording | undefined;
  let pending: EncodedChunk[] = [];
  let stopped = false;

  /** The events waiting, as the session's next chunk (its sequence number taken now), or undefined when none wait. */
  const take = (): ReplayChunk | undefined => {
    if (!current?.events.length) return undefined;
    const rec = host.recordings.get(current.session);
    host.recordings.save({ ...rec, seq: rec.seq + 1 });
    const events = current.events.splice(0);
    return { session_id: current.session, seq: rec.seq, ...host.ids(), events };
  };
  const keep = (chunk: EncodedChunk): void => {
    pending.push(chunk);
    if (pending.length > MAX_PENDING) pending.shift();
  };
  const post = (chunk: EncodedChunk): void =>
    void postChunk(host.url, host.headers, chunk).then((done) => {
      if (!done) keep(chunk);
    });
  const flush = (): void => {
    const chunk = take();
    if (chunk) void encodeChunk(chunk, o.compress).then(post, () => undefined);
  };
  const retry = (): void => pending.splice(0).forEach(post);

  const end = (): void => {
    const rec = current;
    if (!rec) return;
    flush();
    current = undefined;
    clearTimeout(rec.limit);
    rec.stop?.();
    host.log?.(`recording of session ${rec.session} ended`);
  };
  const begin = (session: string): void => {
    const rec = host.recordings.get(session);
    const now = Date.now();
    const start = rec.start ?? now;
    if (!rec.sampled || now - start >= o.maxDuration) return;
    if (rec.start === undefined) host.recordings.save({ ...rec, start });
    const recording: Recording = { session, events: [], limit: setTimeout(end, start + o.maxDuration - now) };
    // rrweb emits the page's Meta and FullSnapshot events inside record(): `current` must be set before.
    current = recording;
    recording.stop = record({
      ...recordOptions(o, host.noCapture),
      emit: (event) => {
        if (current !== recording) return;
        recording.events.push(event);
        if (recording.events.length >= o.maxEventsPerChunk) flush();
      },
    });
    host.log?.(`recording session ${session}`);
  };
  const tick = (): void => {
    const session = host.session();
    if (current && current.session !== session) end();
    else flush();
    retry();
    if (!current && session && !stopped) begin(session);
  };
  const timer = setInterval(tick, o.flushInterval);
  tick();

  return {
    flush(unloading) {
      if (!unloading) return void (flush(), retry());
      // The page is going away: a promise would not be resumed, so the chunk is encoded now.
      const chunk = take();
      if (chunk) void postChunk(host.url, host.headers, encodeChunkNow(chunk, o.compress));
      pending.splice(0).forEach((p) => void postChunk(host.url, host.headers, p));
    },
    restart: end,
    stop() {
      stopped = true;
      clearInterval(timer);
      end();
      pending = [];
    },
  };
}
