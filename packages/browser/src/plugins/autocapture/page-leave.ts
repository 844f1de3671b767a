import type { Client, Plugin } from '../../core/client.js';
import { scrollPercent } from './scroll-reach.js';

interface PageView {
  start: number;
  /** Deepest scroll seen, percent. */
  max: number;
  /** `$pageleave` already sent for this page view. */
  left: boolean;
}

const begin = (view: PageView): void => {
  Object.assign(view, { start: Date.now(), max: 0, left: false });
};

function leave(client: Client, view: PageView): void {
  if (view.left) return;
  view.left = true;
  client.track('$pageleave', { $time_on_page: Math.max(0, Date.now() - view.start), $max_scroll: Math.max(view.max, scrollPercent()) });
}

/**
 * `$pageleave` when a page view ends: just before the next `$pageview` (automatic or manual: the
 * page-views notion of a page view) and when the page unloads (`pagehide`, before the SDK's own
 * last send). It carries the left page's URL, path, host, title and referrer, `$time_on_page` (ms
 * since the page view began) and `$max_scroll` (the deepest percent of the page height the viewport
 * reached). A page restored from the back-forward cache begins a new page view.
 */
export const pageLeave: Plugin = {
  name: 'pageLeave',
  setup: (client) => {
    const view: PageView = { start: 0, max: 0, left: false };
    begin(view);
    const onScroll = (): void => {
      view.max = Math.max(view.max, scrollPercent());
    };
    const onHide = (): void => leave(client, view);
    const onShow = (event: PageTransitionEvent): void => {
      if (event.persisted) begin(view);
    };
    addEventListener('scroll', onScroll, { passive: true });
    // Capture phase: before the SDK's own pagehide listener sends the queue by beacon.
    addEventListener('pagehide', onHide, true);
    addEventListener('pageshow', onShow);
    // Before the page context moves on: the `$pageleave` carries the page left and sorts before the `$pageview`.
    const off = client.on('pageview', () => {
      leave(client, view);
      begin(view);
    });
    return () => {
      removeEventListener('scroll', onScroll);
      removeEventListener('pagehide', onHide, true);
      removeEventListener('pageshow', onShow);
      off();
    };
  },
};
