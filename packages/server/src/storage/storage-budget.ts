import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler } from 'express';

/**
 * The time one request has spent waiting on storage (every guarded call, the rate limiter's
 * included), so that its calls share one `storageTimeoutMs` instead of getting one each. Only waiting
 * counts: the time between calls (reading a slow upload) does not. Concurrent calls count once.
 */
export interface StorageBudget {
  /** Milliseconds spent waiting on storage so far, the calls in flight included. */
  usedMs(): number;
  /** Counts the time until `work` settles (nested and concurrent calls are counted once). */
  track<T>(work: () => Promise<T>): Promise<T>;
}

function createStorageBudget(clock: () => number): StorageBudget {
  let used = 0;
  let inFlight = 0;
  let since = 0;
  return {
    usedMs: () => used + (inFlight > 0 ? clock() - since : 0),
    async track(work) {
      if (inFlight++ === 0) since = clock();
      try {
        return await work();
      } finally {
        if (--inFlight === 0) used += clock() - since;
      }
    },
  };
}

const current = new AsyncLocalStorage<StorageBudget>();
/** One budget per request (the key is the request object), created at its first step. */
const budgets = new WeakMap<object, StorageBudget>();

/** The budget of the request being served here, if any (none for timers and startup work). */
export function currentStorageBudget(): StorageBudget | undefined {
  return current.getStore();
}

/** Runs `fn` with the storage budget of `request` (created on first use). */
export function inStorageBudget<R>(request: object, fn: () => R): R {
  let budget = budgets.get(request);
  if (!budget) {
    budget = createStorageBudget(() => performance.now());
    budgets.set(request, budget);
  }
  return current.run(budget, fn);
}

/** Runs `fn` outside any request's budget: work shared by many requests, such as a group-commit batch. */
export function outsideStorageBudget<R>(fn: () => R): R {
  return current.exit(fn);
}

/**
 * A route step that runs inside its request's storage budget. Every step of a route is wrapped, so the
 * budget holds whatever a previous step did to the async context (a body read from stream events).
 */
export function inRequestStorageBudget(step: RequestHandler): RequestHandler {
  return (req, res, next) => inStorageBudget(req, () => step(req, res, next));
}
