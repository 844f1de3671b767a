import type {
  CLSMetricWithAttribution,
  FCPMetricWithAttribution,
  INPMetricWithAttribution,
  LCPMetricWithAttribution,
  TTFBMetricWithAttribution,
} from 'web-vitals/attribution';
import type * as WebVitals from 'web-vitals/attribution';
import type { Properties } from '../../core/properties.js';
import { isBlocked } from '../../dom/element.js';
import { stableSelector } from '../../dom/selector.js';

/** A metric as the `web-vitals` attribution build reports it. */
export type VitalMetric = LCPMetricWithAttribution | INPMetricWithAttribution | CLSMetricWithAttribution | FCPMetricWithAttribution | TTFBMetricWithAttribution;

/**
 * The `generateTarget` given to `web-vitals`: the element's stable selector (the one `$click` uses), or
 * an empty string for an element that may not be captured (inside `.sdk-no-capture` /
 * `[data-sdk-no-capture]`, a password field), which leaves its attribution out.
 */
export const vitalTarget = (node: Node | null): string | undefined => (node instanceof Element ? (isBlocked(node) ? '' : stableSelector(node)) : undefined);

/** Rounds a duration to the millisecond, CLS to four decimals. */
const round = (value: number, places: number): number => Math.round(value * 10 ** places) / 10 ** places;

/** A property only when the string is there and not empty. */
const text = (key: string, value: string | undefined): Properties => (value ? { [key]: value } : {});

/**
 * The properties of one metric in `$web_vitals`: its value (`$lcp`, `$inp`, `$fcp`, `$ttfb` in ms, `$cls`
 * unitless) and its attribution strings, never an input's value: selectors of elements, the LCP image's
 * URL, the interaction type, the load state.
 */
export function metricProperties(metric: VitalMetric): Properties {
  const key = `$${metric.name.toLowerCase()}`;
  const value = { [key]: round(metric.value, metric.name === 'CLS' ? 4 : 0), [`${key}_rating`]: metric.rating };
  switch (metric.name) {
    case 'LCP': {
      // web-vitals calls back only when the LCP time changes: an image painted in the same frame as the text
      // candidate before it replaces the entry silently, and the attribution still names the text.
      const entry = metric.entries.at(-1);
      const stale = entry !== undefined && metric.attribution.lcpEntry !== undefined && entry !== metric.attribution.lcpEntry;
      const target = stale ? vitalTarget(entry.element) : metric.attribution.target;
      const url = stale ? entry.url : metric.attribution.url;
      return { ...value, ...text('$lcp_element', target), ...text('$lcp_url', url) };
    }
    case 'INP':
      return { ...value, ...text('$inp_target', metric.attribution.interactionTarget), $inp_type: metric.attribution.interactionType };
    case 'CLS':
      return { ...value, ...text('$cls_largest_shift_target', metric.attribution.largestShiftTarget) };
    case 'FCP':
      return { ...value, ...text('$fcp_load_state', metric.attribution.loadState) };
    default:
      return value;
  }
}

/** The functions of `web-vitals/attribution` the plugin uses, however they were loaded. */
export type VitalsApi = Pick<typeof WebVitals, 'onLCP' | 'onINP' | 'onCLS' | 'onFCP' | 'onTTFB'>;
