import { API_KEY_HEADER, rejectedIndexes } from '@northstar/core';
import type { SendResult, TrackBatch, TrackedEvent } from '@northstar/core';

/** Beacons and keepalive requests are capped at 64 KiB by browsers; stay under with some margin. */
const BEACON_LIMIT = 64_000;

/** POSTs a JSON body with the key in `X-API-Key`; undefined when no response came. Never throws. */
export async function postJson(url: string, apiKey: string, body: unknown, keepalive?: boolean): Promise<Response | undefined> {
  try {
    const json = JSON.stringify(body);
    return await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [API_KEY_HEADER]: apiKey },
      body: json,
      // Outlives the page if it is closed meanwhile; browsers refuse keepalive bodies over 64 KB.
      keepalive: !!keepalive && new TextEncoder().encode(json).length < BEACON_LIMIT,
    });
  } catch {
    return undefined;
  }
}

/** POSTs one batch to `/v1/track`. Never throws. */
export async function post(url: string, apiKey: string, batch: TrackedEvent[], keepalive?: boolean): Promise<SendResult> {
  const res = await postJson(url, apiKey, { batch, sent_at: new Date().toISOString() } satisfies TrackBatch, keepalive);
  return res
    ? { status: res.status, retryAfter: res.headers.get('Retry-After'), rejected: rejectedIndexes(await res.json().catch(() => undefined), batch.length) }
    : { status: 0 };
}

/**
 * Sends events while the page is going away, in bodies under 64 KB. sendBeacon cannot set headers,
 * so the key travels in the body as `api_key`, and the body is text/plain (a CORS-simple request,
 * no preflight). Where sendBeacon is missing or refuses, `fetch(..., { keepalive: true })` carries the
 * same body. Returns the events sendBeacon accepted; an event too large for any beacon stays queued.
 */
export function sendOnHide(url: string, apiKey: string, events: readonly TrackedEvent[]): TrackedEvent[] {
  const encoder = new TextEncoder();
  const head = `{"api_key":${JSON.stringify(apiKey)},"sent_at":"${new Date().toISOString()}","batch":[`;
  const empty = encoder.encode(head).length + 2;
  const accepted: TrackedEvent[] = [];
  let parts: string[] = [];
  let chunk: TrackedEvent[] = [];
  let size = empty;
  const send = (): void => {
    if (!chunk.length) return;
    const body = `${head}${parts.join(',')}]}`;
    if (beacon(url, body)) accepted.push(...chunk);
    else void fetch(url, { method: 'POST', body, keepalive: true }).catch(() => undefined);
    parts = [];
    chunk = [];
    size = empty;
  };
  for (const event of events) {
    const json = JSON.stringify(event);
    const bytes = encoder.encode(json).length + 1;
    if (size + bytes > BEACON_LIMIT) send();
    if (size + bytes > BEACON_LIMIT) continue;
    parts.push(json);
    chunk.push(event);
    size += bytes;
  }
  send();
  return accepted;
}

function beacon(url: string, body: string): boolean {
  try {
    // A string body is sent as text/plain;charset=UTF-8. Where sendBeacon is missing, the call throws.
    return navigator.sendBeacon(url, body);
  } catch {
    return false;
  }
}
