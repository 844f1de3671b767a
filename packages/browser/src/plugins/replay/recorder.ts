import { record } from 'rrweb';
import type { eventWithTime } from 'rrweb';
import { MUTATION_LIMIT, watchMutations } from './mutation-throttle.js';
import type { MutationThrottle } from './mutation-throttle.js';
import { recordOptions } from './record-options.js';
import type { Recorder, RecorderHost } from './recorder-api.js';
import { createChunkEncoder } from './chunk-encoder.js';
import { encodeChunkNow, postChunk } from './send-chunk.js';
import { inSnapshotOrder } from './snapshot-order.js';
import type { EncodedChunk, ReplayChunk } from './send-chunk.js';

/**
 * Bytes of encoded chunks not yet delivered (waiting for another attempt after a network error, a 5xx or a 429,
 * or in flight) past which recording pauses: nothing recorded is dropped, and the page stops adding to what it
 * cannot send. It resumes, from a fresh full snapshot, once less than half of this waits.
 */
export const MAX_UNDELIVERED_BYTES = 5_000_000;

/** rrweb's type of the custom events a recorder adds (`EventType.Custom`). */
const CUSTOM = 5;

/** One recording: of one session, on this page; rrweb runs in it except while a mutation burst pauses it. */
interface Recording {
  session: string;
  events: eventWithTime[];
  /** Stops rrweb. */
  stop?: () => void;
  /** True while a mutation burst or undelivered chunks keep rrweb stopped. */
  paused?: boolean;
  /** The `maxDuration` timer. */
  limit: ReturnType<typeof setTimeout>;
  throttle?: MutationThrottle;
}

/**
 * The recorder: records the host's current session with rrweb when the sampling includes it, and sends what
 * it records as chunks numbered from 0 per session. Every `flushInterval` it sends what waits, and follows
 * the session: when the session changes (a timeout, a reset) the recording ends and, for a sampled new
 * session, a new one begins with sequence 0 and a full snapshot. A session is recorded for at most
 * `maxDuration` from its first recorded page.
 */
export function startRecorder(host: RecorderHost, maxUndeliveredBytes = MAX_UNDELIVERED_BYTES): Recorder {
  const o = host.options;
  let current: Recording | undefined;
  let pending: EncodedChunk[] = [];
  /** Bytes of the chunks posted or waiting to be, until each is done with. */
  let undelivered = 0;
  let stopped = false;
  const encoder = createChunkEncoder({ log: (message, detail) => host.log?.(message, detail) });

  /** The events waiting, as the session's next chunk (its sequence number taken now), or undefined when none wait. */
  const take = (): ReplayChunk | undefined => {
    if (!current?.events.length) return undefined;
    const rec = host.recordings.get(current.session);
    host.recordings.save({ ...rec, seq: rec.seq + 1 });
    const events = current.events.splice(0);
    return { session_id: current.session, seq: rec.seq, ...host.ids(), events };
  };
  const size = (chunk: EncodedChunk): number => (typeof chunk.body === 'string' ? chunk.body.length : chunk.body.byteLength);
  /** Posts a chunk; one that fails waits in `pending` for the next flush, however many wait (see MAX_UNDELIVERED_BYTES). */
  const post = (chunk: EncodedChunk): void =>
    void postChunk(host.url, host.headers, chunk).then((done) => {
      if (done) undelivered -= size(chunk);
      else {
        pending.push(chunk);
        if (current && undelivered > maxUndeliveredBytes)
          pause(current, 'northstar.backlog', { bytes: undelivered }, `${undelivered} bytes of chunks undelivered`);
      }
    });
  const send = (chunk: EncodedChunk): void => {
    undelivered += size(chunk);
    post(chunk);
  };
  const flush = (): void => {
    const chunk = take();
    if (chunk)
      void encoder.encode(chunk, o.compress).then(
        (encoded) => encoded && send(encoded),
        () => undefined,
      );
  };
  const retry = (): void => pending.splice(0).forEach(post);

  const end = (): void => {
    const rec = current;
    if (!rec) return;
    flush();
    current = undefined;
    clearTimeout(rec.limit);
    rec.throttle?.disconnect();
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
    current = recording;
    // Before rrweb's observer, so that a burst stops rrweb before rrweb serialises it.
    recording.throttle = watchMutations(() =>
      pause(recording, 'northstar.throttled', { limit: MUTATION_LIMIT }, `more than ${MUTATION_LIMIT} mutations a second`),
    );
    run(recording);
    host.log?.(`recording session ${session}`);
  };
  /** Starts rrweb in `recording`: the page's Meta and FullSnapshot, then its changes. */
  const run = (recording: Recording): void => {
    recording.paused = false;
    // rrweb emits the Meta inside record(); the FullSnapshot too when the page fits in one slice, else later.
    recording.stop = record({
      ...recordOptions(o, host.noCapture),
      emit: inSnapshotOrder((event) => {
        if (current !== recording || recording.paused) return;
        recording.events.push(event);
        if (recording.events.length >= o.maxEventsPerChunk) flush();
      }),
    });
  };
  /**
   * rrweb stops and the recording notes the gap with a custom event `tag`: on a mutation burst (more than
   * MUTATION_LIMIT a second; rrweb stops before it serialises it), or when more than MAX_UNDELIVERED_BYTES
   * of chunks wait to be delivered. It resumes at the first flush after a calm second with less than half of
   * that waiting, from a fresh full snapshot.
   */
  const pause = (recording: Recording, tag: string, payload: Record<string, number>, why: string): void => {
    if (current !== recording || recording.paused) return;
    recording.paused = true;
    recording.stop?.();
    recording.events.push({ type: CUSTOM, timestamp: Date.now(), data: { tag, payload } });
    flush();
    host.log?.(`paused: ${why}`);
  };
  const calm = (recording: Recording): boolean => !recording.throttle?.busy() && undelivered < maxUndeliveredBytes / 2;
  const tick = (): void => {
    const session = host.session();
    if (current && current.session !== session) end();
    else flush();
    if (current?.paused && calm(current)) run(current);
    retry();
    if (!current && session && !stopped) begin(session);
  };
  const timer = setInterval(tick, o.flushInterval);
  tick();

  return {
    flush(unloading) {
      if (!unloading) return void (flush(), retry());
      // The page is going away: a promise would not be resumed, so the chunks are encoded now, those still being
      // encoded in slices included (their sliced encoding is dropped).
      const chunk = take();
      for (const c of [...encoder.takeUnfinished(), ...(chunk ? [chunk] : [])]) send(encodeChunkNow(c, o.compress));
      retry();
    },
    restart: end,
    stop() {
      stopped = true;
      clearInterval(timer);
      end();
      encoder.close();
      pending = [];
      undelivered = 0;
    },
  };
}
