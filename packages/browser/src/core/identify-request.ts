import { backoffDelay, parseRetryAfter, retryable } from '@northstar/core';
import type { IdentifyRequest } from '@northstar/core';
import { log } from './debug.js';
import { postJson } from './transport.js';

/** Attempts of one `/v1/identify` request before it is given up (the `$identify` event stays queued). */
const ATTEMPTS = 5;

/**
 * POSTs `{ device_id, user_id, user_properties? }` to `/v1/identify`. Network errors, 408, 429 and
 * 5xx are retried with the queue's backoff while `alive()`; other answers end it. Never throws.
 */
export function sendIdentify(url: string, apiKey: string, body: IdentifyRequest, alive: () => boolean, debug?: boolean, attempt = 0): void {
  void postJson(url, apiKey, body).then((res) => {
    const status = res?.status ?? 0;
    // retryable() is false for every 2xx.
    if (retryable(status) && attempt + 1 < ATTEMPTS && alive()) {
      const wait = parseRetryAfter(res?.headers.get('Retry-After')) ?? backoffDelay(attempt);
      setTimeout(() => alive() && sendIdentify(url, apiKey, body, alive, debug, attempt + 1), wait);
    } else if (__NS_DEBUG__ && (status < 200 || status > 299)) {
      log(debug, 'warn', `identify failed (${status || 'network'})`);
    }
  });
}
