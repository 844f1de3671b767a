import { API_KEY_HEADER, rejectedIndexes } from '@northstar/core';
import type { SendResult, TrackBatch, TrackedEvent } from '@northstar/core';

export interface Transport {
  fetch: typeof fetch;
  /** Time one request may take, ms. */
  timeout: number;
  /** Aborted at the shutdown deadline: every request still running gives up at once. */
  signal: AbortSignal;
}

/** A signal aborted by `outer` or after `ms`; `done()` clears its timer. (AbortSignal.any is missing in some runtimes.) */
function deadlineSignal(outer: AbortSignal, ms: number): { signal: AbortSignal; done(): void } {
  const controller = new AbortController();
  const abort = (): void => controller.abort();
  const timer = setTimeout(abort, ms);
  outer.addEventListener('abort', abort);
  if (outer.aborted) abort();
  return {
    signal: controller.signal,
    done() {
      clearTimeout(timer);
      outer.removeEventListener('abort', abort);
    },
  };
}

/** What a request got back: its status, one header, and the body parsed as JSON (undefined when it is not JSON). */
export interface Answer {
  status: number;
  retryAfter: string | null;
  body: unknown;
}

/** A request with a JSON body or none; undefined when no response came (network error, timeout, abort). Never throws. */
export async function request(
  t: Transport,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: unknown },
): Promise<Answer | undefined> {
  const deadline = deadlineSignal(t.signal, t.timeout);
  try {
    const res = await t.fetch(url, {
      method: init.method,
      headers: init.body === undefined ? init.headers : { 'Content-Type': 'application/json', ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: deadline.signal,
    });
    // The body is read under the same deadline: a server that stalls mid-body is a failed request.
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: res.status, retryAfter: res.headers.get('Retry-After'), body };
  } catch {
    return undefined;
  } finally {
    deadline.done();
  }
}

/** POSTs a JSON body with the SDK key in `X-API-Key`. Never throws. */
export const postJson = (t: Transport, url: string, apiKey: string, body: unknown): Promise<Answer | undefined> =>
  request(t, url, { method: 'POST', headers: { [API_KEY_HEADER]: apiKey }, body });

/** POSTs one batch to `/v1/track`. Never throws. */
export async function sendBatch(t: Transport, url: string, apiKey: string, batch: TrackedEvent[]): Promise<SendResult> {
  const res = await postJson(t, url, apiKey, { batch, sent_at: new Date().toISOString() } satisfies TrackBatch);
  return res ? { status: res.status, retryAfter: res.retryAfter, rejected: rejectedIndexes(res.body, batch.length) } : { status: 0 };
}
