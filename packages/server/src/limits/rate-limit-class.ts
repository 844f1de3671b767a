/** The rate-limit class a route counts against (docs/decisions.md, "Limits"); absent: not limited. */
export type RateLimitClass = 'track' | 'ingest' | 'decide' | 'query' | 'api' | 'login' | 'embed';
