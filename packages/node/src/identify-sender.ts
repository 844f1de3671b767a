import { backoffDelay, parseRetryAfter, retryable } from '@northstar/core';
import type { IdentifyRequest } from '@northstar/core';
import { sleep } from './sleep.js';
import { postJson } from './transport.js';
import type { Transport } from './transport.js';

/** Attempts of one `/v1/identify` request before it is given up (and reported by `shutdown()`). */
const ATTEMPTS = 5;

export interface IdentifySender {
  send(body: IdentifyRequest): void;
  /** Resolves once every request sent so far is answered or given up. */
  settled(): Promise<void>;
  /** Requests not confirmed by a 2xx: still running, given up after retries, or refused (a 409, a 400). */
  undelivered(): IdentifyRequest[];
}

/**
 * POSTs each identify to `/v1/identify`, retrying network errors, 408, 429 and 5xx (after
 * `Retry-After` or the queue's backoff) until the transport's signal aborts. Keeps at most `max`
 * failed requests for the shutdown report, the newest.
 */
export function createIdentifySender(t: Transport, url: string, apiKey: string, max: number): IdentifySender {
  const running = new Map<IdentifyRequest, Promise<void>>();
  const failed: IdentifyRequest[] = [];

  const deliver = async (body: IdentifyRequest): Promise<boolean> => {
    for (let attempt = 0; ; attempt++) {
      const res = await postJson(t, url, apiKey, body);
      const status = res?.status ?? 0;
      if (status >= 200 && status < 300) return true;
      if (!retryable(status) || attempt + 1 >= ATTEMPTS || t.signal.aborted) return false;
      await sleep(parseRetryAfter(res?.retryAfter) ?? backoffDelay(attempt), t.signal);
    }
  };

  return {
    send(body) {
      const done = deliver(body).then((ok) => {
        running.delete(body);
        if (!ok && failed.push(body) > max) failed.shift();
      });
      running.set(body, done);
    },
    settled: () => Promise.all(running.values()).then(() => undefined),
    undelivered: () => [...failed, ...running.keys()],
  };
}
