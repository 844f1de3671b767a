import type { JsonObject, Page, PageRequest } from '@northstar/server';

export const DEFAULT_PAGE_LIMIT = 50;
export const MAX_PAGE_LIMIT = 1000;

/** Epoch ms of an ISO timestamp given to the port; RangeError when unparsable. */
export function toEpoch(iso: string): number {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new RangeError(`Invalid timestamp: ${JSON.stringify(iso)}`);
  return ms;
}

/** A stored integer (BIGINT may come back as a string from mysql2 with `bigNumberStrings`). */
export function toNumber(value: number | string | bigint): number {
  return typeof value === 'number' ? value : Number(value);
}

/** A stored epoch-ms column as the port's ISO UTC string. */
export function toIso(value: number | string | bigint): string {
  return new Date(toNumber(value)).toISOString();
}

export function toIsoOrNull(value: number | string | bigint | null): string | null {
  return value === null ? null : toIso(value);
}

export function parseJson<T = JsonObject>(text: string): T {
  return JSON.parse(text) as T;
}

/** The page size a request asks for, clamped to 1–1000. */
export function pageLimit(request: PageRequest): number {
  const limit = request.limit;
  if (limit === undefined || !Number.isFinite(limit)) return DEFAULT_PAGE_LIMIT;
  return Math.min(MAX_PAGE_LIMIT, Math.max(1, Math.floor(limit)));
}

/** A page from rows fetched with `limit + 1`: the extra row only says that there is a next page. */
export function toPage<T extends { id: number }>(rows: T[], limit: number): Page<T> {
  if (rows.length <= limit) return { items: rows, next: null };
  const items = rows.slice(0, limit);
  return { items, next: items[items.length - 1]?.id ?? null };
}
