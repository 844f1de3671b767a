import type { JsonObject, Page, PageRequest } from '@northstar/server';

export const DEFAULT_PAGE_LIMIT = 50;
export const MAX_PAGE_LIMIT = 1000;

/** An ISO 8601 timestamp in the port's one form (UTC, milliseconds); RangeError when unparsable. */
export function isoTime(value: string): string {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new RangeError(`Invalid timestamp: ${JSON.stringify(value)}`);
  return new Date(ms).toISOString();
}

/** The page size a request asks for, clamped to 1–1000. */
export function pageLimit(request: PageRequest): number {
  const limit = request.limit;
  if (limit === undefined || !Number.isFinite(limit)) return DEFAULT_PAGE_LIMIT;
  return Math.min(MAX_PAGE_LIMIT, Math.max(1, Math.floor(limit)));
}

/** One page of rows already in ascending id order. */
export function pageOf<T extends { id: number }>(rows: Iterable<T>, request: PageRequest, copy: (row: T) => T): Page<T> {
  const limit = pageLimit(request);
  const items: T[] = [];
  for (const row of rows) {
    if (request.after !== undefined && row.id <= request.after) continue;
    if (items.length === limit) return { items, next: items[items.length - 1]?.id ?? null };
    items.push(copy(row));
  }
  return { items, next: null };
}

/** A JSON object as a SQL store gives it back: serialised and parsed, so both stores agree. */
export function jsonCopy(value: JsonObject): JsonObject {
  return JSON.parse(JSON.stringify(value)) as JsonObject;
}

/** Runs synchronous store work as a promise: a throw becomes a rejection, as from a database. */
export function settle<T>(work: () => T): Promise<T> {
  try {
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}
