import type { Plugin } from '../../core/client.js';
import { scrollPercent } from './scroll-reach.js';

/** The thresholds of `$scroll_depth`, percent of the page height. */
export const SCROLL_THRESHOLDS = [25, 50, 75, 100];

/**
 * `$scroll_depth` (`$depth`: 25, 50, 75 or 100) the first time a scroll brings the bottom of the
 * viewport to that percent of the page height, once per threshold per page view: every `$pageview`
 * (automatic or manual) starts over.
 */
export const scrollDepth: Plugin = {
  name: 'scrollDepth',
  setup: (client) => {
    const sent = new Set<number>();
    const onScroll = (): void => {
      const percent = scrollPercent();
      for (const depth of SCROLL_THRESHOLDS) {
        if (depth > percent || sent.has(depth)) continue;
        sent.add(depth);
        client.track('$scroll_depth', { $depth: depth });
      }
    };
    addEventListener('scroll', onScroll, { passive: true });
    const off = client.on('pageview', () => sent.clear());
    return () => {
      removeEventListener('scroll', onScroll);
      off();
    };
  },
};
