import type { TrackedEvent } from '@northstar/core';
import type { Client, Plugin } from '../../core/client.js';
import { scrollPercent } from './scroll-reach.js';

/** The context properties that name a page: a `$pageleave` carries the ones of the page it leaves. */
const PAGE_KEYS = ['$current_url', '$host', '$pathname', '$title', '$referrer'] as const;

interface PageView {
  start: number;
  /** Deepest scroll seen, percent. */
  max: number;
  /** The page's PAGE_KEYS values. */
  context: Record<string, string | undefined>;
  /** `$pageleave` already sent for this page view. */
  left: boolean;
  /** While a `$pageview` ends this page view: its timestamp, which the `$pageleave` takes. */
  endedAt?: string;
}

const views = new WeakMap<Client, PageView>();

const here = (): PageView['context'] => ({
  $current_url: location.href,
  $host: location.host,
  $pathname: location.pathname,
  $title: document.title,
  $referrer: document.referrer || undefined,
});

const begin = (view: PageView, context: PageView['context']): void => {
  Object.assign(view, { start: Date.now(), max: 0, context, left: false });
};

function leave(client: Client, view: PageView, at = Date.now()): void {
  if (view.left) return;
  view.left = true;
  client.track('$pageleave', { $time_on_page: Math.max(0, at - view.start), $max_scroll: Math.max(view.max, scrollPercent()) });
}

/**
 * `$pageleave` carries the page it leaves, not the one the next `$pageview` has just made current,
 * and that `$pageview`'s time, so that it never sorts after it.
 */
function ofLeftPage(event: TrackedEvent, view: PageView): TrackedEvent {
  const str = { ...event.str_properties };
  for (const key of PAGE_KEYS) {
    const value = view.context[key];
    if (value === undefined) delete str[key];
    else str[key] = value;
  }
  return { ...event, timestamp: view.endedAt ?? event.timestamp, str_properties: str };
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
    const view = { start: 0, max: 0, context: {}, left: false };
    begin(view, here());
    views.set(client, view);
    const onScroll = (): void => {
      view.max = Math.max(view.max, scrollPercent());
    };
    const onHide = (): void => leave(client, view);
    const onShow = (event: PageTransitionEvent): void => {
      if (event.persisted) begin(view, here());
    };
    addEventListener('scroll', onScroll, { passive: true });
    // Capture phase: before the SDK's own pagehide listener sends the queue by beacon.
    addEventListener('pagehide', onHide, true);
    addEventListener('pageshow', onShow);
    return () => {
      removeEventListener('scroll', onScroll);
      removeEventListener('pagehide', onHide, true);
      removeEventListener('pageshow', onShow);
      views.delete(client);
    };
  },
  processEvent: (event, client) => {
    const view = views.get(client);
    if (!view) return event;
    if (event.event_name === '$pageleave') return ofLeftPage(event, view);
    if (event.event_name === '$pageview') {
      view.endedAt = event.timestamp;
      leave(client, view, event.timestamp ? Date.parse(event.timestamp) : undefined);
      view.endedAt = undefined;
      const str = event.str_properties ?? {};
      begin(view, Object.fromEntries(PAGE_KEYS.map((key) => [key, str[key]])));
    }
    return event;
  },
};
