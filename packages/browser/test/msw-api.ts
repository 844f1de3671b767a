import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { IdentifyRequest, TrackBatch, TrackedEvent } from '@northstar/core';
import { Northstar } from '../src/index.js';
import type { NorthstarConfig } from '../src/index.js';

export const API_KEY = 'pk_test_123';
export const ENDPOINT = 'https://collect.example.com/ns';
export const TRACK_URL = `${ENDPOINT}/v1/track`;

export interface Received {
  url: string;
  headers: Headers;
  body: TrackBatch & { api_key?: string };
  /** The status the handler answered with. */
  status: number;
}

/** Every request the API saw, in order, including the ones answered with an error. */
export const requests: Received[] = [];

/** Bodies of every `/v1/identify` request, in order. */
export const identifies: IdentifyRequest[] = [];

const SESSION_EVENTS = new Set(['$session_start', '$session_end']);

/** Events of the requests answered 2xx; `$session_start`/`$session_end` only when asked for. */
export const delivered = ({ sessions = false } = {}): TrackedEvent[] =>
  requests
    .filter((r) => r.status < 300)
    .flatMap((r) => r.body.batch)
    .filter((e) => sessions || !SESSION_EVENTS.has(e.event_name));

/** Names of the delivered events, session events left out. */
export const names = (): string[] => delivered().map((e) => e.event_name);

const record = async (request: Request, status: number): Promise<void> => {
  const body = (await request.json()) as Received['body'];
  requests.push({ url: request.url, headers: request.headers, body, status });
};

/** The next request only is answered with this status, body and headers. */
export function answerOnce(status: number, body?: unknown, headers?: Record<string, string>): void {
  server.use(
    http.post(
      /\/v1\/track$/,
      async ({ request }) => {
        await record(request, status);
        return HttpResponse.json(body ?? { error: 'failed' }, { status, headers });
      },
      { once: true },
    ),
  );
}

export const server = setupServer(
  http.post(/\/v1\/track$/, async ({ request }) => {
    await record(request, 200);
    return HttpResponse.json({ accepted: requests.at(-1)?.body.batch.length ?? 0, rejected: [] });
  }),
  // The CDN script evaluates feature flags at init: no flag is on unless a test says so.
  http.post(/\/v1\/flags\/evaluate$/, () => HttpResponse.json({ flags: {} })),
  http.post(/\/v1\/identify$/, async ({ request }) => {
    identifies.push((await request.json()) as IdentifyRequest);
    return HttpResponse.json({ ok: true });
  }),
);

/** Every event stored in the tab queues (`ns_<key>_q.<tab>`) of localStorage. */
export function storedQueue(): TrackedEvent[] {
  const out: TrackedEvent[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i) ?? '';
    if (key.startsWith(`ns_${API_KEY}_q.`)) out.push(...(JSON.parse(localStorage.getItem(key) ?? '{}') as { e: TrackedEvent[] }).e);
  }
  return out;
}

const clients: Northstar[] = [];

/** A started client against the mocked API, destroyed after the test. */
export function startClient(config: Partial<NorthstarConfig> = {}): Northstar {
  const client = new Northstar({ apiKey: API_KEY, endpoint: ENDPOINT, ...config }).start();
  clients.push(client);
  return client;
}

/** Installs msw and cleans the page state between tests. Call once at the top of a test file. */
export function useApi(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    for (const client of clients.splice(0)) client.destroy();
    server.resetHandlers();
    requests.length = 0;
    identifies.length = 0;
    localStorage.clear();
  });
  afterAll(() => server.close());
}
