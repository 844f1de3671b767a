import type { Client, Plugin } from '../../core/client.js';
import type { Properties } from '../../core/properties.js';
import { metricProperties, vitalTarget } from './metrics.js';
import type { VitalMetric } from './metrics.js';

/** The current page view: the metrics reported in it, by name, and whether its event is sent. */
interface PageView {
  known: Map<VitalMetric['name'], VitalMetric>;
  sent: boolean;
}

/** Sends the page view's `$web_vitals` once, if any metric is known; reports after it are left out until the next page view. */
function end(client: Client, view: PageView): void {
  if (view.sent || !view.known.size) return;
  view.sent = true;
  let properties: Properties = {};
  for (const metric of view.known.values()) properties = { ...properties, ...metricProperties(metric) };
  client.track('$web_vitals', properties);
}

/**
 * Core Web Vitals through the `web-vitals` package (its attribution build, loaded by dynamic `import()`
 * when the plugin is set up, so an app that does not use the plugin never loads it): one `$web_vitals`
 * event per page view with the metrics known when the page view ends — at the next `$pageview`
 * (automatic or manual), or when the page is hidden or unloaded (before the SDK's own last send).
 * Properties: `$lcp`, `$inp`, `$fcp`, `$ttfb` (ms), `$cls` (unitless), each with `_rating`, and the
 * attribution `$lcp_element`, `$lcp_url`, `$inp_target`, `$inp_type`, `$cls_largest_shift_target`,
 * `$fcp_load_state`; a selector of an element inside `.sdk-no-capture` is left out. `web-vitals`
 * measures a document load: after a single-page navigation the event carries only the metrics that
 * changed during that page view (INP and CLS keep their whole-document values); a page view in which
 * none changed sends nothing; a page restored from the back-forward cache begins a new page view. `webVitals: false` in the client's config turns the plugin off. Opt in
 * with `init(config).use(webVitals)`; the CDN script does not carry it (docs/decisions.md).
 */
export const webVitals: Plugin = {
  name: 'webVitals',
  setup: (client) => {
    if (client.config.webVitals === false) return;
    const view: PageView = { known: new Map(), sent: false };
    let on = true;
    const report = (metric: VitalMetric): void => {
      if (on && !view.sent) view.known.set(metric.name, metric);
    };
    const options = { reportAllChanges: true, generateTarget: vitalTarget };
    import('web-vitals/attribution').then(
      (vitals) => {
        vitals.onLCP(report, options);
        vitals.onINP(report, options);
        vitals.onCLS(report, options);
        vitals.onFCP(report, options);
        vitals.onTTFB(report, options);
      },
      () => undefined,
    );
    const begin = (): void => {
      view.known.clear();
      view.sent = false;
    };
    const onHide = (): void => end(client, view);
    const onShow = (event: PageTransitionEvent): void => {
      // Back from the back-forward cache: a new page view, whose metrics web-vitals reports anew.
      if (event.persisted) begin();
    };
    const onVisibility = (): void => {
      if (document.visibilityState === 'hidden') end(client, view);
    };
    // Capture phase: before the SDK's own pagehide / visibilitychange listeners send the queue.
    addEventListener('pagehide', onHide, true);
    addEventListener('pageshow', onShow);
    document.addEventListener('visibilitychange', onVisibility, true);
    // Before the page context moves on: the event carries the page view it measured.
    const off = client.on('pageview', () => {
      end(client, view);
      begin();
    });
    return () => {
      on = false;
      removeEventListener('pagehide', onHide, true);
      removeEventListener('pageshow', onShow);
      document.removeEventListener('visibilitychange', onVisibility, true);
      off();
    };
  },
};
