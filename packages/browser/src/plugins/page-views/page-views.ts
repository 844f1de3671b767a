import type { Plugin } from '../../core/client.js';

type HistoryMethod = History['pushState'];

/**
 * `$pageview` when set up (the SDK start) and whenever the URL changes through pushState,
 * replaceState, popstate or hashchange. A call that leaves the URL as it was sends nothing.
 */
export const pageViews: Plugin = {
  name: 'pageViews',
  setup: (client) => {
    let last = location.href;
    const check = (): void => {
      if (location.href === last) return;
      last = location.href;
      client.track('$pageview');
    };
    const wrap = (original: HistoryMethod): HistoryMethod =>
      function (this: History, ...args: Parameters<HistoryMethod>) {
        original.apply(this, args);
        check();
      };
    // Unbound on purpose: kept to be restored by identity, and only ever called with apply(this).
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const { pushState, replaceState } = history;
    const push = (history.pushState = wrap(pushState));
    const replace = (history.replaceState = wrap(replaceState));
    addEventListener('popstate', check);
    addEventListener('hashchange', check);
    client.track('$pageview');
    return () => {
      // Put the originals back only if nobody wrapped ours since; otherwise we would drop their wrapper.
      if (history.pushState === push) history.pushState = pushState;
      if (history.replaceState === replace) history.replaceState = replaceState;
      removeEventListener('popstate', check);
      removeEventListener('hashchange', check);
    };
  },
};
