import type { TrackResponse } from '../event.js';

/** The answer to one request carrying a batch of events, as a delivery needs it. */
export interface SendResult {
  /** HTTP status; 0 when the request failed before any response. */
  status: number;
  /** The `Retry-After` header, if any; left out when no response came. */
  retryAfter?: string | null;
  /** Valid indexes from the body's `rejected: [{ index }]`; undefined when the body lists none. */
  rejected?: number[];
}

/** Network errors (0), 408, 429 and 5xx: worth sending again later. */
export const retryable = (status: number): boolean => !status || status === 408 || status === 429 || status >= 500;

/** The indexes listed in a `/v1/track` answer's `rejected`, each an integer below `size`; undefined when none is. */
export function rejectedIndexes(body: unknown, size: number): number[] | undefined {
  const list = (body as Partial<TrackResponse> | undefined)?.rejected;
  const indexes = (Array.isArray(list) ? list : []).map((r) => r?.index).filter((i) => Number.isInteger(i) && i >= 0 && i < size);
  return indexes.length ? indexes : undefined;
}
