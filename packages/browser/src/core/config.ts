import type { FlagValue, TrackedEvent } from '@northstar/core';

/**
 * Which automatic captures run (spec 2.7), each on unless `false`. `init()` sets up `pageViews` only;
 * the others run where the `autocapture` plugin is used (`init(config).use(autocapture)`, or the CDN script).
 */
export interface AutocaptureConfig {
  /** `$pageview` on start and on single-page navigation; with the `autocapture` plugin also `$pageleave`. @default true */
  pageViews?: boolean;
  /** `$click` (needs the `autocapture` plugin). @default true */
  clicks?: boolean;
  /** `$form_submit` (needs the `autocapture` plugin). @default true */
  forms?: boolean;
  /** `$scroll_depth` at 25, 50, 75 and 100 percent (needs the `autocapture` plugin). @default true */
  scroll?: boolean;
}

/**
 * Session recording options (spec 2.8; defaults and the privacy rules in docs/replay.md). Recording needs
 * the `replay` plugin: the CDN script sets it up unless `replay` is `false`; npm users opt in with
 * `use(replay)`. rrweb is loaded only for the sessions the sampling includes.
 */
export interface ReplayConfig {
  /** Percent of sessions recorded, 0-100: decided once per session, kept across its page loads. @default 100 */
  samplingRate?: number;
  /** Longest time recorded events wait before they are sent as a chunk, ms. @default 5000 */
  flushInterval?: number;
  /** Recorded events that make a chunk: one is sent as soon as this many are waiting. @default 200 */
  maxEventsPerChunk?: number;
  /** Longest recording of one session, ms, counted from its first recorded page; recording then stops. @default 1800000 */
  maxDuration?: number;
  /** Mask the value of every input, textarea and select (hidden inputs included), typed or set by script. @default true */
  maskTextInput?: boolean;
  /** Mask all text of the page (each character becomes `*`). @default false */
  maskAllText?: boolean;
  /**
   * Elements matching this CSS selector are blocked: recorded as an empty box of their size, their content
   * and its changes never read. `.sdk-no-capture` and `[data-sdk-no-capture]` are always blocked.
   * @default undefined (only the `sdk-no-capture` elements)
   */
  blockSelector?: string;
  /** Gzip each chunk (`CompressionStream` where the browser has it, fflate otherwise). @default true */
  compress?: boolean;
}

/** Which frustration signals are detected and their thresholds (docs/browser-sdk.md, "Frustration signals"). */
export interface FrustrationConfig {
  /** `$rageclick`: repeated clicks in one spot. @default true */
  rageClicks?: boolean;
  /** Clicks that make a rage click. @default 3 */
  rageClickCount?: number;
  /** Time the rage clicks fall within, ms. @default 1000 */
  rageClickWindow?: number;
  /** Greatest distance between one click and the next of a rage click, px. @default 30 */
  rageClickRadius?: number;
  /** `$deadclick`: a click on something clickable after which nothing changes. @default true */
  deadClicks?: boolean;
  /** Time without any change after which a click is dead, ms. @default 2500 */
  deadClickTimeout?: number;
  /** `$errorclick`: an uncaught error or unhandled rejection soon after a click. @default true */
  errorClicks?: boolean;
  /** Time after a click within which an error makes it an error click, ms. @default 2000 */
  errorClickWindow?: number;
  /** `$erratic_cursor`: the mouse reversing direction again and again. @default true */
  erraticCursor?: boolean;
  /** Direction reversals that make an erratic cursor. @default 20 */
  erraticCursorChanges?: number;
  /** Time the reversals fall within, ms. @default 2000 */
  erraticCursorWindow?: number;
}

/** Values known before the SDK asks the server: see `NorthstarConfig.bootstrap`. */
export interface BootstrapConfig {
  /** Flag key → value (a variant key, `true`, or `false`). @default undefined */
  featureFlags?: Record<string, FlagValue>;
  /** The user id the values were evaluated for. @default undefined (the values are used for whoever this is) */
  distinctID?: string;
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
  /**
   * Session recording (rrweb, loaded as a chunk of its own for sampled sessions only): `false` turns the
   * `replay` plugin off, an object sets its options (ReplayConfig). The CDN script sets the plugin up unless
   * this is `false`; npm users opt in with `use(replay)`. @default true (where the plugin is used)
   */
  replay?: boolean | ReplayConfig;
  /**
   * Heatmaps (`$heatmap`: clicks anchored to their element, scroll reach, attention): `false` turns the
   * `heatmaps` plugin off. The CDN script sets the plugin up unless this is `false`; npm users opt in
   * with `use(heatmaps)`. @default true (where the plugin is used)
   */
  heatmap?: boolean;
  /**
   * Frustration signals (`$rageclick`, `$deadclick`, `$errorclick`, `$erratic_cursor`): `false` turns the
   * `frustration()` plugin off, an object sets its thresholds. The CDN script sets the plugin up unless
   * this is `false`; npm users opt in with `use(frustration())`. @default true (in the CDN script)
   */
  frustration?: boolean | FrustrationConfig;
  /**
   * Web vitals (`$web_vitals`: LCP, INP, CLS, FCP, TTFB with attribution, once per page view): `false` turns
   * the `webVitals` plugin off. The CDN script sets the plugin up unless this is `false`, and only then loads
   * `web-vitals` (the chunk `web-vitals.js` beside the script, with the `nonce`); npm users opt in with
   * `use(webVitals)`. @default true (in the CDN script)
   */
  webVitals?: boolean;
  /**
   * Feature flags (docs/flags.md): `false` turns the `featureFlags` plugin off. The CDN script sets the
   * plugin up unless this is `false`; npm users opt in with `use(featureFlags)` (or by calling any flag
   * function, which sets it up). @default true (where the plugin is used)
   */
  featureFlags?: boolean;
  /**
   * Values to use before the server answers, e.g. evaluated by your server while rendering the page:
   * `featureFlags` (flag key → variant key, `true` or `false`) and `distinctID`, the user id they were
   * evaluated for (the SDK identifies as that user if it is not already). A page can pass the same
   * object without code, in `<script type="application/json" id="northstar-bootstrap">` or as
   * `window.__NORTHSTAR_BOOTSTRAP__`; this option wins over both. @default undefined
   */
  bootstrap?: BootstrapConfig;
  /**
   * In-app guides (tooltip, banner, modal, slideout, tour, checklist; docs/guides.md): `false` turns the
   * `guides` plugin off. The CDN script sets the plugin up unless this is `false`, and loads its renderer
   * (the chunk `guides.js` beside the script) only when `/v1/decide/guides` answers something to show;
   * npm users opt in with `use(guides)`. @default true (where the plugin is used)
   */
  guides?: boolean;
  /**
   * In-app surveys (nps, csat, open-ended, multiple choice; docs/surveys.md): `false` turns the `surveys`
   * plugin off. The CDN script sets the plugin up unless this is `false`, and loads its renderer (the
   * chunk `surveys.js` beside the script) only when `/v1/decide/surveys` answers something to ask; npm
   * users opt in with `use(surveys)`. @default true (where the plugin is used)
   */
  surveys?: boolean;
  /**
   * Least time between the first showings of two guides or surveys in this browser, ms: the shared
   * frequency cap (docs/guides.md, "Frequency cap"); `0` leaves only the rule that two never show at once.
   * @default 3600000 (one hour)
   */
  overlayInterval?: number;
  /**
   * Buffer events in memory (with their original timestamps) and write nothing to localStorage
   * until `grantConsent()`; the grant is remembered for later page views. @default false
   */
  consentRequired?: boolean;
  /**
   * Called with every event before it is queued, after the plugins' `processEvent` steps: return the
   * event (edited or not) to keep it, or null to drop it. The event is the one sent to `/v1/track`.
   * @default undefined (every event is kept as it is)
   */
  beforeSend?: (event: TrackedEvent) => TrackedEvent | null;
  /**
   * CSP nonce given to every `<script>` and `<style>` element the SDK injects (lazy subsystem chunks such as
   * the CDN script's web-vitals chunk, guide and survey styles). The core injects nothing, so it needs none.
   * @default the `nonce` of the SDK's own `<script>` tag in the script-tag form, else undefined
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
