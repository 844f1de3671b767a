import { parseUserAgent } from './user-agent.js';

/** Properties every event of one page view carries, split by wire type. */
export interface PageContext {
  str: Record<string, string>;
  num: Record<string, number>;
}

/** The context of one page view, and its `$utm_*` tags on their own (also in `str`). */
export interface Page extends PageContext {
  utm: Record<string, string>;
}

const UTM = ['source', 'medium', 'campaign', 'term', 'content'];

/**
 * Reads page, UTM, screen and device data. Called once per page view, never per track() call.
 * After a single-page navigation the previous page becomes the referrer.
 */
export function pageContext(previous?: PageContext): Page {
  const url = location.href;
  const prevUrl = previous?.str.$current_url;
  const referrer = prevUrl && prevUrl !== url ? prevUrl : previous ? previous.str.$referrer : document.referrer;
  const str: Record<string, string> = {
    $current_url: url,
    $host: location.host,
    $pathname: location.pathname,
    $title: document.title,
    $lib: 'web',
    ...parseUserAgent(navigator.userAgent, navigator.maxTouchPoints),
  };
  if (referrer) str.$referrer = referrer;
  const query = new URLSearchParams(location.search);
  const utm: Record<string, string> = {};
  for (const tag of UTM) {
    const value = query.get(`utm_${tag}`);
    if (value) utm[`$utm_${tag}`] = value;
  }
  const num: Record<string, number> = {
    $screen_width: screen.width,
    $screen_height: screen.height,
    $viewport_width: innerWidth,
    $viewport_height: innerHeight,
  };
  return { str: { ...str, ...utm }, num, utm };
}
