import type { Client, Plugin } from '../../core/client.js';
import type { Properties } from '../../core/properties.js';
import { metricProperties, vitalTarget } from './metrics.js';
import type { VitalMetric, VitalsApi } from './metrics.js';

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
 * The web-vitals plugin over a way to load `web-vitals/attribution` (`load` is called once per setup and
 * may fail: the plugin then measures nothing). The npm build's `webVitals` loads it by dynamic `import()`,
 * the CDN script by injecting its own chunk (`chunk-loader.ts`); what the plugin sends is the same.
 */
export const createWebVitals = (load: (client: Client) => Promise<VitalsApi>): Plugin => ({
  name: 'webVitals',
  setup: (client) => {
    if (client.config.webVitals === false) return;
    const view: PageView = { known: new Map(), sent: false };
    let on = true;
    const report = (metric: VitalMetric): void => {
      if (on && !view.sent) view.known.set(metric.name, metric);
    };
    const options = { reportAllChanges: true, generateTarget: vitalTarget };
    load(client).then(
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
});
