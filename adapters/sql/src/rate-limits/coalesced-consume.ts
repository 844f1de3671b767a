import { RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimitDecision, RateLimitRule } from '@northstar/server';

interface Waiter {
  points: number;
  resolve(decision: RateLimitDecision): void;
  reject(error: unknown): void;
}

interface Slot {
  busy: boolean;
  waiting: Waiter[];
}

/** Consumes points of one key through a limiter. */
export type ConsumeThrough = (limiter: RateLimiterAbstract, key: string, rule: RateLimitRule, points: number) => Promise<RateLimitDecision>;

/**
 * Splits one consume of the summed points of `batch` back into a decision per request, in arrival
 * order: with `consumed` points in the window after the call, request i fits when the points before
 * the batch plus those of requests 1..i stay within the limit — the same answers as one call each.
 */
function split(batch: Waiter[], rule: RateLimitRule, res: RateLimiterRes, allowed: boolean): void {
  const total = batch.reduce((sum, waiter) => sum + waiter.points, 0);
  // A key already refused from memory (`inMemoryBlockOnConsumed`) comes back with no count: all refused.
  const before = !allowed && res.consumedPoints <= rule.limit ? rule.limit : res.consumedPoints - total;
  let counted = before;
  for (const waiter of batch) {
    counted += waiter.points;
    const fits = counted <= rule.limit;
    waiter.resolve({ allowed: fits, remaining: fits ? rule.limit - counted : 0, resetMs: res.msBeforeNext });
  }
}

/**
 * A consume per key at a time: requests arriving while one is in flight for their key wait and go
 * together as one consume of their summed points, split back per request. The first request never
 * waits, and under load a database round trip (a transaction on MySQL) serves many requests; the
 * library still does all the counting.
 */
export function coalescedConsume(): ConsumeThrough {
  const slots = new Map<string, Slot>();

  const run = (id: string, slot: Slot, limiter: RateLimiterAbstract, key: string, rule: RateLimitRule): void => {
    const batch = slot.waiting.splice(0);
    slot.busy = true;
    const total = batch.reduce((sum, waiter) => sum + waiter.points, 0);
    limiter
      .consume(key, total)
      .then(
        (res) => split(batch, rule, res, true),
        (rejection: unknown) => {
          if (rejection instanceof RateLimiterRes) split(batch, rule, rejection, false);
          else for (const waiter of batch) waiter.reject(rejection);
        },
      )
      .finally(() => {
        slot.busy = false;
        if (slot.waiting.length > 0) run(id, slot, limiter, key, rule);
        else slots.delete(id);
      });
  };

  return (limiter, key, rule, points) =>
    new Promise<RateLimitDecision>((resolve, reject) => {
      const id = `${rule.limit}/${rule.windowSeconds}/${key}`;
      let slot = slots.get(id);
      if (!slot) {
        slot = { busy: false, waiting: [] };
        slots.set(id, slot);
      }
      slot.waiting.push({ points, resolve, reject });
      if (!slot.busy) run(id, slot, limiter, key, rule);
    });
}
