import type { TrackedEvent } from '@northstar/core';

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
 * Session recording options (spec 2.8). Not implemented yet: accepted and ignored, so none of them has
 * an effect; each "Planned" value is the spec's, for when the recorder is built.
 */
export interface ReplayConfig {
  /** Percent of sessions recorded, 0-100. Planned: 100. @default none (not implemented) */
  samplingRate?: number;
  /** Chunk flush interval, ms. Planned: 5000. @default none (not implemented) */
  flushInterval?: number;
  /** Events per chunk. Planned: 200. @default none (not implemented) */
  maxEventsPerChunk?: number;
  /** Hard limit of one recording, ms. Planned: 1800000. @default none (not implemented) */
  maxDuration?: number;
  /** Mask the value of text inputs. Planned: true. @default none (not implemented) */
  maskTextInput?: boolean;
  /** Mask all text. Planned: false. @default none (not implemented) */
  maskAllText?: boolean;
  /** Matching nodes are not recorded at all. @default none (not implemented) */
  blockSelector?: string;
  /** Compress chunks. Planned: true. @default none (not implemented) */
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
  /** Session recording. Not implemented yet: accepted and ignored, whatever the value. @default none (no effect until it is built) */
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
