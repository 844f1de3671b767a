import { availableParallelism } from 'node:os';
import { TooManyRequestsError } from '../limits/too-many-requests-error.js';

/**
 * A semaphore around password hashing. scrypt at the default cost takes a core and 128 MiB for a
 * quarter of a second; without a bound, 16 concurrent sign-ins each took 4–10 s and starved the
 * process. At most `concurrency` hashes run at once, at most `maxQueued` wait for a turn; beyond
 * that `run` rejects at once with 429 and `Retry-After`.
 */
export interface HashGate {
  run<T>(task: () => Promise<T>): Promise<T>;
}

export interface HashGateOptions {
  /** Hashes computed at once. @default os.availableParallelism() */
  concurrency?: number;
  /** Hashes waiting for a turn before new ones are refused with 429 (so a sign-in waits at most about two hash times). @default concurrency */
  maxQueued?: number;
  /** `Retry-After` of the 429, in seconds. @default 1 */
  retryAfterSeconds?: number;
}

export function createHashGate(options: HashGateOptions = {}): HashGate {
  const concurrency = Math.max(1, options.concurrency ?? availableParallelism());
  const maxQueued = Math.max(0, options.maxQueued ?? concurrency);
  const retryAfter = options.retryAfterSeconds ?? 1;
  const waiting: (() => void)[] = [];
  let running = 0;

  const release = (): void => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };

  return {
    async run(task) {
      if (running < concurrency) running += 1;
      else if (waiting.length < maxQueued) await new Promise<void>((resolve) => waiting.push(resolve));
      else throw new TooManyRequestsError(retryAfter, `Too many sign-ins at once; retry after ${retryAfter} s`);
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
