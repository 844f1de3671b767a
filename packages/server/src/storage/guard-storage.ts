import { HttpError } from '../errors/index.js';
import type { PortName, StorageAdapter } from '../ports/index.js';
import { currentStorageBudget } from './storage-budget.js';
import { StorageUnavailableError } from './storage-unavailable-error.js';

export interface StorageGuardOptions {
  /**
   * Longest a request may wait on storage before it gets 503: all its storage calls together, the rate
   * limiter's included (`storage-budget.ts`). A call outside any request gets the whole time.
   */
  timeoutMs: number;
  /** `Retry-After` of the 503, in seconds. */
  retryAfterSeconds: number;
  /** Told once when a port starts failing and once when it works again (not on every failed call). */
  onHealthChange?: (healthy: boolean, error?: unknown) => void;
}

type AnyMethod = (...args: unknown[]) => unknown;

/** Runs storage work under the guard's rules; one guard per router, shared by its storage ports. */
export interface StorageGuard {
  /**
   * Runs `call` (an operation of `port`) within what is left of the request's storage budget (else
   * `timeoutMs`), turning a rejection or a time-out into a `StorageUnavailableError`.
   */
  run<R>(port: string, operation: string, call: () => R): Promise<Awaited<R>>;
}

/**
 * The rules of `guardStorage`: a call which rejects or outlives what is left of its request's
 * `timeoutMs` becomes a `StorageUnavailableError` (503 with `Retry-After`), except conflicts the store
 * reports as `HttpError`s and programming errors (`TypeError`, `RangeError`, `ReferenceError`: 500).
 * The late call is not cancelled; it may still finish, which is harmless because appends are
 * idempotent on the event's uuid. Recovery needs nothing: the next call goes to the adapter again.
 */
export function storageGuard(options: StorageGuardOptions): StorageGuard {
  // Per port, so that a working config store does not hide an events store that keeps failing.
  const failing = new Set<string>();
  const setHealth = (port: string, healthy: boolean, error?: unknown): void => {
    if (healthy !== failing.has(port)) return;
    if (healthy) failing.delete(port);
    else failing.add(port);
    options.onHealthChange?.(healthy, error);
  };

  async function run<R>(port: string, operation: string, call: () => R): Promise<Awaited<R>> {
    const budget = currentStorageBudget();
    const leftMs = Math.max(0, options.timeoutMs - (budget?.usedMs() ?? 0));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new StorageUnavailableError(`Storage did not answer within ${options.timeoutMs} ms; try again later`, options.retryAfterSeconds)),
        leftMs,
      );
    });
    const race = () => Promise.race([new Promise<Awaited<R>>((resolve) => resolve(call() as Awaited<R>)), timeout]);
    try {
      const result = await (budget ? budget.track(race) : race());
      setHealth(port, true);
      return result;
    } catch (error) {
      // The store's own answers (409 conflicts) and programming errors (500) are not outages.
      if (error instanceof HttpError && !(error instanceof StorageUnavailableError)) throw error;
      if (error instanceof TypeError || error instanceof RangeError || error instanceof ReferenceError) throw error;
      setHealth(port, false, error);
      if (error instanceof StorageUnavailableError) throw error;
      throw new StorageUnavailableError(`Storage unavailable (${operation}); try again later`, options.retryAfterSeconds, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }
  return { run };
}

/** Ports guarded by `guardStorage`, each with the methods left as they are (not storage calls, or not promises). */
const GUARDED_PORTS: Record<PortName, readonly string[]> = {
  eventLog: [],
  queryEngine: [],
  people: [],
  replays: [],
  config: [],
  // The limiter's counters live in the database too: its waiting counts against the request's time.
  rateLimits: [],
  // A consumer runs for the life of the process; `consume` returns it at once.
  jobs: ['consume', 'dispose'],
};

/**
 * Wraps every method of each storage port the adapter provides with the rules of `storageGuard`, its
 * health tracked per port (a working `config` does not hide an `eventLog` that keeps failing).
 */
export function guardStorage<S extends StorageAdapter>(storage: S, guard: StorageGuard | StorageGuardOptions): S {
  const guarded = 'run' in guard ? guard : storageGuard(guard);
  const run = <R>(port: string, operation: string, call: () => R) => guarded.run(port, operation, call);

  function guardPort<T extends object>(port: T, portName: string, unguarded: readonly string[]): T {
    return new Proxy(port, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (typeof value !== 'function' || unguarded.includes(String(property))) return value;
        const method = value as AnyMethod;
        return (...args: unknown[]) => run(portName, `${portName}.${String(property)}`, () => method.apply(target, args));
      },
    });
  }

  const ports = new Map<PropertyKey, object>();
  for (const [name, unguarded] of Object.entries(GUARDED_PORTS)) {
    const port: unknown = Reflect.get(storage, name);
    if (typeof port === 'object' && port !== null) ports.set(name, guardPort(port, name, unguarded));
  }
  // A proxy again, so that whatever else the adapter carries (name, dispose, later ports) stays as it is.
  return new Proxy(storage, {
    get(target, property, receiver) {
      return ports.get(property) ?? (Reflect.get(target, property, receiver) as unknown);
    },
  });
}
