/**
 * URL patterns of heatmap queries, over a page's pathname (docs/heatmaps.md):
 * - any character but `*` matches itself (case-sensitive; no other character is special);
 * - `*` matches any run of characters within one path segment (no `/`);
 * - `**` (or more stars) matches any run of characters across segments;
 * - `/**` at the end or before a `/` also matches nothing at all: `/docs/**` matches `/docs`, `/docs/`
 *   and `/docs/a/b`; `/docs/**` followed by `/intro` matches `/docs/intro` and `/docs/a/intro`.
 *
 * Matching is a set-of-positions scan, linear in the path per token: no regular expression, so a
 * pattern cannot make it backtrack (at most `HEATMAP_URL_MAX_WILDCARDS` wildcards).
 */

export const HEATMAP_URL_MAX_LENGTH = 1000;
export const HEATMAP_URL_MAX_WILDCARDS = 10;
/**
 * Distinct pages (of the width and dates asked) one query may match at most: a SQL engine binds their
 * keys in one statement (SQLite takes 32,766 values).
 */
export const HEATMAP_MAX_PAGES = 20_000;

/** The message of the 400 for a pattern that matches more than `HEATMAP_MAX_PAGES` pages. */
export function tooManyHeatmapPages(count: number): string {
  return `url matches ${count} pages, more than ${HEATMAP_MAX_PAGES}: narrow the pattern or the date range`;
}

type Token = { kind: 'text'; text: string } | { kind: 'segment' } | { kind: 'any' } | { kind: 'dirs' };

/** Why a pattern is refused, or undefined when it is a valid one. */
export function heatmapUrlProblem(pattern: string): string | undefined {
  if (!pattern.startsWith('/')) return 'url must be a path pattern starting with /';
  if (pattern.length > HEATMAP_URL_MAX_LENGTH) return `url is longer than ${HEATMAP_URL_MAX_LENGTH} characters`;
  const wildcards = pattern.match(/\*+/g)?.length ?? 0;
  if (wildcards > HEATMAP_URL_MAX_WILDCARDS) return `url holds more than ${HEATMAP_URL_MAX_WILDCARDS} wildcards`;
  return undefined;
}

function tokensOf(pattern: string): Token[] {
  const tokens: Token[] = [];
  let text = '';
  const flush = () => {
    if (text !== '') tokens.push({ kind: 'text', text });
    text = '';
  };
  for (let i = 0; i < pattern.length;) {
    const stars = /^\*+/.exec(pattern.slice(i))?.[0].length ?? 0;
    if (pattern[i] === '/' && stars === 0) {
      const run = /^\*+/.exec(pattern.slice(i + 1))?.[0].length ?? 0;
      const next = i + 1 + run;
      if (run >= 2 && (next === pattern.length || pattern[next] === '/')) {
        flush();
        tokens.push({ kind: 'dirs' });
        i = next;
        continue;
      }
    }
    if (stars > 0) {
      flush();
      tokens.push({ kind: stars >= 2 ? 'any' : 'segment' });
      i += stars;
      continue;
    }
    text += pattern[i];
    i += 1;
  }
  flush();
  return tokens;
}

/** The positions reachable after `token`, from the reachable positions `from` (booleans 0..n). */
function advance(path: string, token: Token, from: boolean[]): boolean[] {
  const n = path.length;
  const to = new Array<boolean>(n + 1).fill(false);
  if (token.kind === 'text') {
    for (let p = 0; p + token.text.length <= n; p++) if (from[p] && path.startsWith(token.text, p)) to[p + token.text.length] = true;
    return to;
  }
  if (token.kind === 'any') {
    const first = from.indexOf(true);
    if (first >= 0) to.fill(true, first);
    return to;
  }
  if (token.kind === 'segment') {
    // from each reachable p, every position up to the next '/' (exclusive of crossing it)
    let open = false;
    for (let p = 0; p <= n; p++) {
      if (from[p]) open = true;
      to[p] = open;
      if (path[p] === '/') open = false;
    }
    return to;
  }
  // dirs: nothing, or a '/' and anything after it
  let crossed = false;
  for (let p = 0; p <= n; p++) {
    to[p] = from[p] === true || crossed;
    if (from[p] && path[p] === '/') crossed = true;
  }
  return to;
}

/** A predicate for the pathnames a (valid) pattern matches. */
export function heatmapUrlMatcher(pattern: string): (path: string) => boolean {
  const tokens = tokensOf(pattern);
  if (tokens.every((token) => token.kind === 'text')) return (path) => path === pattern;
  return (path) => {
    let reachable = new Array<boolean>(path.length + 1).fill(false);
    reachable[0] = true;
    for (const token of tokens) {
      reachable = advance(path, token, reachable);
      if (!reachable.includes(true)) return false;
    }
    return reachable[path.length] === true;
  };
}

/**
 * A SQL `LIKE` pattern (escape character `!`) matching every pathname the pattern matches and maybe
 * more (each wildcard becomes `%`; SQLite's LIKE ignores ASCII case): a store narrows its pages with
 * it, then keeps those `heatmapUrlMatcher` accepts. Always bound as a value, never written into SQL.
 */
export function heatmapUrlLikePattern(pattern: string): string {
  return tokensOf(pattern)
    .map((token) => (token.kind === 'text' ? token.text.replace(/[!%_]/g, (char) => `!${char}`) : '%'))
    .join('')
    .replace(/%+/g, '%');
}
