import type { Plugin } from '../../core/client.js';
import { createWebVitals } from './vitals-plugin.js';

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
 * none changed sends nothing; a page restored from the back-forward cache begins a new page view.
 * `webVitals: false` in the client's config turns the plugin off. Opt in with `init(config).use(webVitals)`;
 * the CDN script sets up the same plugin by default and loads `web-vitals` as a chunk of its own
 * (`cdnWebVitals`, docs/decisions.md).
 */
export const webVitals: Plugin = createWebVitals(() => import('web-vitals/attribution'));
