import type { ReplayOptions } from './options.js';
import type { SessionRecordings } from './session-recording.js';

/** What the recorder (the lazy chunk) is given by the plugin: the client's state it may read, and where to send. */
export interface RecorderHost {
  options: ReplayOptions;
  /** The selector of the elements the SDK never captures (`.sdk-no-capture`, `[data-sdk-no-capture]`): blocked. */
  noCapture: string;
  /** `${endpoint}/v1/replay/chunks`. */
  url: string;
  /** Headers of every chunk request: the key in `X-API-Key`. */
  headers: Record<string, string>;
  /** The session to record now; null while there is none, or while nothing may be recorded (consent pending, opted out). */
  session(): string | null;
  /** The sampling decision, sequence numbers and start of each session's recording. */
  recordings: SessionRecordings;
  /** Who the chunks belong to now. */
  ids(): { device_id: string; user_id?: string };
  /** Debug output, where the build keeps it. */
  log?(message: string, detail?: unknown): void;
}

/** A running recorder. */
export interface Recorder {
  /** Sends what is recorded: `unloading` when the page is going away (then synchronously, by keepalive requests). */
  flush(unloading?: boolean): void;
  /** Ends the current recording (reset: the session ended); a new one begins with the next session. */
  restart(): void;
  /** Stops recording for good; what was recorded is sent. */
  stop(): void;
}

/** What the recorder chunk provides, however it was loaded (dynamic `import()`, or the CDN script's chunk). */
export interface RecorderApi {
  startRecorder(host: RecorderHost): Recorder;
}
