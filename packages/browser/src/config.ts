/** Which automatic captures run (spec 2.7). Only `pageViews` is implemented so far. */
export interface AutocaptureConfig {
  /** `$pageview` on start and on single-page navigation. @default true */
  pageViews?: boolean;
  /** Not implemented yet: accepted and ignored. @default true */
  clicks?: boolean;
  /** Not implemented yet: accepted and ignored. @default true */
  forms?: boolean;
  /** Not implemented yet: accepted and ignored. @default true */
  scroll?: boolean;
}

/** Session recording options (spec 2.8). Not implemented yet: accepted and ignored. */
export interface ReplayConfig {
  /** Percent of sessions recorded, 0-100. @default 100 */
  samplingRate?: number;
  /** Chunk flush interval, ms. @default 5000 */
  flushInterval?: number;
  /** Events per chunk. @default 200 */
  maxEventsPerChunk?: number;
  /** Hard limit of one recording, ms. @default 1800000 */
  maxDuration?: number;
  /** @default true */
  maskTextInput?: boolean;
  /** @default false */
  maskAllText?: boolean;
  /** Matching nodes are not recorded at all. @default undefined */
  blockSelector?: string;
  /** @default true */
  compress?: boolean;
}

/** Options of `init()` / `new Northstar()` (spec 2.6). */
export interface NorthstarConfig {
  /** Public SDK key; must start with `pk_`. Without a valid key the SDK stays inert. */
  apiKey: string;
  /**
   * Base URL of the collection endpoint, e.g. `https://example.com/ns`; events go to
   * `${endpoint}/v1/track`. The script-tag form derives it from the script's own URL.
   */
  endpoint: string;
  /** Log what the SDK does to the console, prefixed `[Sdk]`. @default false */
  debug?: boolean;
  /** `false` turns every automatic capture off. @default true */
  autocapture?: boolean | AutocaptureConfig;
  /** Longest time an event waits in the queue before a send is attempted, ms. @default 2000 */
  flushInterval?: number;
  /** Number of queued events that triggers a send at once. @default 20 */
  flushSize?: number;
  /** Events kept in memory and in localStorage while undelivered; the oldest go first. @default 1000 */
  maxQueueSize?: number;
  /** Inactivity after which a new session starts, ms. @default 1800000 (30 minutes) */
  sessionTimeout?: number;
  /** Not implemented yet: accepted and ignored. @default true */
  replay?: boolean | ReplayConfig;
  /** Not implemented yet: accepted and ignored. @default true */
  heatmap?: boolean;
  /** Not implemented yet: accepted and ignored. @default true */
  frustration?: boolean;
  /** Not implemented yet: accepted and ignored. @default true */
  guides?: boolean;
  /** Not implemented yet: accepted and ignored. @default true */
  surveys?: boolean;
  /**
   * Buffer events in memory (with their original timestamps) and write nothing to localStorage
   * until `grantConsent()`; the grant is remembered for later page views. @default false
   */
  consentRequired?: boolean;
  /**
   * CSP nonce given to every `<script>` and `<style>` element the SDK injects (lazy subsystem chunks,
   * guide and survey styles). The core injects nothing, so it needs none. @default the `nonce` of the
   * SDK's own `<script>` tag in the script-tag form, else undefined
   */
  nonce?: string;
}

type Tuned = 'flushInterval' | 'flushSize' | 'maxQueueSize' | 'sessionTimeout';
export type ResolvedConfig = NorthstarConfig & Required<Pick<NorthstarConfig, Tuned>>;

export function resolveConfig(config: NorthstarConfig): ResolvedConfig {
  const { flushInterval = 2000, flushSize = 20, maxQueueSize = 1000, sessionTimeout = 1_800_000 } = config;
  const endpoint = String(config.endpoint ?? '').replace(/\/+$/, '');
  return { ...config, endpoint, flushInterval, flushSize, maxQueueSize, sessionTimeout };
}

/** Whether one automatic capture is on: `autocapture` may be a boolean or per-capture flags. */
export function captures(config: NorthstarConfig, kind: keyof AutocaptureConfig): boolean {
  const a = config.autocapture ?? true;
  return typeof a === 'boolean' ? a : a[kind] !== false;
}
