import { HttpError } from '../errors/index.js';
import type { StorageAdapter } from '../ports/index.js';
import { StorageUnavailableError } from './storage-unavailable-error.js';

export interface StorageGuardOptions {
  /** Longest a storage call may take before the request gets 503. */
  timeoutMs: number;
  /** `Retry-After` of the 503, in seconds. */
  retryAfterSeconds: number;
  /** Told once when a port starts failing and once when it works again (not on every failed call). */
  onHealthChange?: (healthy: boolean, error?: unknown) => void;
}

type AnyMethod = (...args: unknown[]) => unknown;

/**
 * Wraps every method of the storage ports so that a call which rejects or outlives `timeoutMs`
 * becomes a `StorageUnavailableError` (503 with `Retry-After`), except conflicts the store reports
 * as `HttpError`s and programming errors (`TypeError`, `RangeError`, `ReferenceError`: 500).
 * The late call is not cancelled; it may still finish, which is harmless because appends are
 * idempotent on the event's uuid. Recovery needs nothing: the next call goes to the adapter again.
 */
export function guardStorage(storage: StorageAdapter, options: StorageGuardOptions): StorageAdapter {
  // Per port, so that a working config store does not hide an events store that keeps failing.
  const failing = new Set<string>();
  const setHealth = (port: string, healthy: boolean, error?: unknown): void => {
    if (healthy !== failing.has(port)) return;
    if (healthy) failing.delete(port);
    else failing.add(port);
    options.onHealthChange?.(healthy, error);
  };

  async function run<R>(port: string, operation: string, call: () => R): Promise<Awaited<R>> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new StorageUnavailableError(`Storage did not answer within ${options.timeoutMs} ms; try again later`, options.retryAfterSeconds)), options.timeoutMs);
    });
    try {
      const result = await Promise.race([new Promise<Awaited<R>>((resolve) => resolve(call() as Awaited<R>)), timeout]);
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

  function guardPort<T extends object>(port: T, portName: string): T {
    return new Proxy(port, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (typeof value !== 'function') return value;
        const method = value as AnyMethod;
        return (...args: unknown[]) => run(portName, `${portName}.${String(property)}`, () => method.apply(target, args));
      },
    });
  }

  const events = guardPort(storage.events, 'events');
  const config = guardPort(storage.config, 'config');
  // A proxy again, so that whatever else the adapter carries (name, dispose, later ports) stays as it is.
  return new Proxy(storage, {
    get(target, property, receiver) {
      if (property === 'events') return events;
      if (property === 'config') return config;
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}
