import type { PostOutcome } from './safe-post.js';

/** Delays before the 2nd, 3rd and 4th attempts (spec 6.1 rule 6): attempts at 0 s, +1 s, +5 s, +30 s. */
export const RETRY_DELAYS_MS = [1_000, 5_000, 30_000] as const;
/** First try plus three retries. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** Failed deliveries in a row (test events aside) that turn a webhook off. */
export const DEFAULT_DISABLE_AFTER_FAILURES = 20;

/** How an attempt ended: delivered, worth retrying (5xx, 429, transport error), or failed for good. */
export type AttemptVerdict = { kind: 'delivered' } | { kind: 'retryable'; error: string } | { kind: 'final'; error: string; gone: boolean };

/**
 * Spec 6.1: 2xx delivers; 5xx, 429 and transport errors (time-outs included) are retried; anything
 * else fails at once, redirects included (never followed), and so does an address refused at connect
 * time. 410 Gone also turns the webhook off.
 */
export function judgeAttempt(outcome: PostOutcome): AttemptVerdict {
  if (outcome.kind === 'refused') return { kind: 'final', error: `refused: ${outcome.error}`, gone: false };
  if (outcome.kind === 'transport') return { kind: 'retryable', error: outcome.error };
  const { status } = outcome;
  if (status >= 200 && status < 300) return { kind: 'delivered' };
  if (status >= 500 || status === 429) return { kind: 'retryable', error: `HTTP ${status}` };
  if (status >= 300 && status < 400)
    return {
      kind: 'final',
      error: `HTTP ${status}: redirect not followed${outcome.location ? ` (Location: ${outcome.location.slice(0, 200)})` : ''}`,
      gone: false,
    };
  return { kind: 'final', error: `HTTP ${status}`, gone: status === 410 };
}

/** Delay of the retry after attempt `attempt` (1-based) of a run, or undefined when it was the last. */
export function retryDelay(attempt: number): number | undefined {
  return RETRY_DELAYS_MS[attempt - 1];
}
