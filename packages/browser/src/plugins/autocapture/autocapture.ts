import type { Plugin } from '../../core/client.js';
import { captures } from '../../core/config.js';
import { clicks } from './clicks.js';
import { forms } from './forms.js';
import { pageLeave } from './page-leave.js';
import { scrollDepth } from './scroll-depth.js';

/**
 * Sets up the captures the client's `autocapture` option enables, each on unless `false`: `clicks`
 * (`$click`), `forms` (`$form_submit`), `scroll` (`$scroll_depth`) and, with `pageViews`, `$pageleave`.
 * `$pageview` itself is the core's `pageViews` plugin, which `init()` sets up. Opt in with
 * `init(config).use(autocapture)`; the CDN script does it for you.
 */
export const autocapture: Plugin = {
  name: 'autocapture',
  setup: (client) => {
    const c = client.config;
    if (captures(c, 'clicks')) client.use(clicks);
    if (captures(c, 'forms')) client.use(forms);
    if (captures(c, 'scroll')) client.use(scrollDepth);
    if (captures(c, 'pageViews')) client.use(pageLeave);
  },
};
