import { useEffect } from 'react';
import type { Properties } from '@northstar/browser';
import { useClientHandle } from './context.js';

/**
 * Sends `$pageview` whenever `path` changes to a new value, for routers whose navigations the SDK
 * does not see (memory routers, the Navigation API, state-driven screens): the automatic page views
 * follow `history` only. Call it once, where the current route is known; the first call sends the
 * first page view. Turn the automatic ones off (`autocapture: { pageViews: false }`) or that page is
 * counted twice. A repeated effect (Strict Mode) or a re-render with the same path sends nothing.
 * `properties` go with the event; for a memory router, pass the route as `$pathname` (the page
 * context of the event is otherwise read from `location`). An empty or missing `path` sends nothing.
 */
export function usePageView(path: string | null | undefined, properties?: Properties): void {
  const handle = useClientHandle();
  useEffect(() => {
    if (!path || handle.lastPageView === path) return;
    handle.lastPageView = path;
    handle.run((client) => client.track('$pageview', properties));
    // A new object of properties on each render must not send another page view: only the path counts.
  }, [handle, path]);
}
