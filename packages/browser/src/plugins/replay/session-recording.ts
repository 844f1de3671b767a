import type { Store } from '../../core/storage.js';

/**
 * What is kept of a session's recording, in localStorage beside the session (`replay` key), so that every
 * page load of the session agrees: whether the sampling includes it, the next chunk's sequence number, and
 * when its recording began (`maxDuration` counts from there). A new session id starts a new record.
 */
export interface SessionRecording {
  session: string;
  sampled: boolean;
  /** Sequence number of the session's next chunk. */
  seq: number;
  /** When the session's first recording began, ms; absent until one began. */
  start?: number;
}

/** The stored record, when it is one. */
function read(store: Store): SessionRecording | undefined {
  const r = store.get('replay') as Partial<SessionRecording> | undefined;
  return typeof r?.session === 'string' && typeof r.sampled === 'boolean' && typeof r.seq === 'number'
    ? { session: r.session, sampled: r.sampled, seq: r.seq, ...(typeof r.start === 'number' ? { start: r.start } : {}) }
    : undefined;
}

export interface SessionRecordings {
  /** The record of `sessionId`: the stored one (another page load or tab may have moved it on), else a new one, sampled now. */
  get(sessionId: string): SessionRecording;
  /** Keeps `record` for the later page loads of its session. */
  save(record: SessionRecording): void;
}

/**
 * The session records of one client: in `store`, and in memory too, for when localStorage is missing or
 * refuses writes. `samplingRate` is a percentage; `random` is `Math.random` but in tests.
 */
export function sessionRecordings(store: Store, samplingRate: number, random: () => number = Math.random): SessionRecordings {
  let memory: SessionRecording | undefined;
  return {
    get(sessionId) {
      const stored = read(store);
      if (stored?.session === sessionId && (!memory || memory.session !== sessionId || stored.seq >= memory.seq)) return (memory = stored);
      if (memory?.session === sessionId) return memory;
      memory = { session: sessionId, sampled: random() * 100 < samplingRate, seq: 0 };
      store.set('replay', memory);
      return memory;
    },
    save(record) {
      memory = record;
      store.set('replay', record);
    },
  };
}
