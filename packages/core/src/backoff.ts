export interface BackoffPolicy {
  /** Delay before the first retry, in ms. @default 1000 */
  baseMs?: number;
  /** Upper bound of any delay, in ms. @default 30000 */
  maxMs?: number;
  /** Growth per attempt. @default 2 */
  factor?: number;
}

/**
 * Delay before retry number `attempt` (0 for the first retry): exponential growth capped at `maxMs`,
 * with "full jitter" (a uniform draw below the cap) so that many clients failing together spread out.
 */
export function backoffDelay(attempt: number, policy: BackoffPolicy = {}, random: () => number = Math.random): number {
  const { baseMs = 1000, maxMs = 30000, factor = 2 } = policy;
  const cap = Math.min(maxMs, baseMs * factor ** Math.max(0, attempt));
  return Math.round(cap * random());
}

/**
 * Parses a `Retry-After` header (delta seconds or an HTTP date) into ms from `now`.
 * Returns undefined when the header is absent or unreadable.
 */
export function parseRetryAfter(header: string | null | undefined, now: number = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
