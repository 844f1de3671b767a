import { GZIP_WORKER_SOURCE } from './gzip-worker-source.js';
import type { TimeSlice } from './time-slice.js';

/** The worker's name, as the browser's devtools show it. */
export const GZIP_WORKER_NAME = 'northstar-replay-gzip';

/** How long the worker may take to answer a chunk once it has all of it before it counts as dead (native gzip does MBs in ms). */
export const WORKER_TIMEOUT_MS = 10_000;

/** The compression worker of the page. */
export interface GzipWorker {
  /** Gzip of the JSON text `parts`, compressed in the worker; the parts are sent in `slice`'s slices. Rejects when the worker fails. */
  gzip(parts: string[], slice: TimeSlice): Promise<Uint8Array>;
  terminate(): void;
}

interface Job {
  resolve(body: Uint8Array): void;
  reject(error: Error): void;
  timer?: ReturnType<typeof setTimeout>;
}

interface Reply {
  id: number;
  gzip?: ArrayBuffer;
  error?: string;
}

/** Set once a worker was refused or failed on this page: every later chunk is compressed on the main thread. */
let refused = false;

/**
 * A compression worker from a Blob URL, or undefined where the page cannot have one: no Worker or no
 * CompressionStream, or the page refused it before (a CSP without `blob:` in `worker-src`/`script-src`,
 * Trusted Types). Chromium reports a CSP refusal as an `error` event, other browsers may throw here: both
 * count, and so does any error, a message that cannot be read, or no answer within `timeoutMs`. On a failure
 * the worker is terminated, every chunk it held is rejected (its caller compresses it again on the main
 * thread), and no other worker is started on this page.
 */
export function startGzipWorker(timeoutMs = WORKER_TIMEOUT_MS): GzipWorker | undefined {
  if (refused || typeof Worker !== 'function' || typeof CompressionStream !== 'function' || typeof URL.createObjectURL !== 'function') return undefined;
  let url: string | undefined;
  let worker: Worker;
  try {
    url = URL.createObjectURL(new Blob([GZIP_WORKER_SOURCE], { type: 'text/javascript' }));
    worker = new Worker(url, { name: GZIP_WORKER_NAME });
  } catch {
    if (url) URL.revokeObjectURL(url);
    refused = true;
    return undefined;
  }
  const jobs = new Map<number, Job>();
  let ids = 0;
  let dead = false;
  /** Ends the worker and rejects the chunks it holds; `failure` (a reason) also rules workers out for the page. */
  const end = (reason: string, failure: boolean): void => {
    if (dead) return;
    dead = true;
    refused ||= failure;
    worker.terminate();
    URL.revokeObjectURL(url);
    for (const job of jobs.values()) {
      clearTimeout(job.timer);
      job.reject(new Error(`replay compression worker: ${reason}`));
    }
    jobs.clear();
  };
  const fail = (reason: string): void => end(reason, true);
  worker.onmessage = (event: MessageEvent<Reply>) => {
    const job = jobs.get(event.data.id);
    if (!job) return;
    if (!event.data.gzip) return fail(event.data.error ?? 'no body');
    jobs.delete(event.data.id);
    clearTimeout(job.timer);
    job.resolve(new Uint8Array(event.data.gzip));
  };
  worker.onerror = (event) => {
    // Handled here: the chunk is compressed again on the main thread.
    event.preventDefault();
    fail(event.message || 'refused or crashed');
  };
  worker.onmessageerror = () => fail('unreadable message');

  return {
    async gzip(parts, slice) {
      const id = ++ids;
      const job: Partial<Job> = {};
      const body = new Promise<Uint8Array>((resolve, reject) => Object.assign(job, { resolve, reject }));
      // It may fail while the parts are still being sent; the caller sees that when it awaits `body` below.
      body.catch(() => undefined);
      if (dead) job.reject?.(new Error('replay compression worker: terminated'));
      else jobs.set(id, job as Job);
      const encoder = new TextEncoder();
      for (const part of parts) {
        if (dead) break;
        if (slice.over()) await slice.next();
        const bytes = encoder.encode(part);
        if (!dead) worker.postMessage({ id, part: bytes }, [bytes.buffer]);
      }
      if (!dead) {
        worker.postMessage({ id, end: true });
        (job as Job).timer = setTimeout(() => fail('no answer'), timeoutMs);
      }
      return body;
    },
    terminate: () => end('terminated', false),
  };
}
