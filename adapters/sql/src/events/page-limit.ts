/** Page size when the caller gives none (`EventListQuery.limit`, `UserListRequest.limit`). */
export const DEFAULT_PAGE_LIMIT = 50;
/** Largest page a people read returns. */
export const MAX_PAGE_LIMIT = 1000;

/** `limit` as a whole number within 1–1000; the default when absent or not a finite number. */
export function pageLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return DEFAULT_PAGE_LIMIT;
  return Math.min(MAX_PAGE_LIMIT, Math.max(1, Math.floor(limit)));
}
