import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { IdentifyRequest, TrackBatch, TrackedEvent } from '@northstar/core';
import { Northstar } from '../src/index.js';
import type { NorthstarOptions } from '../src/index.js';

export const API_KEY = 'pk_test_node';
export const HOST = 'https://analytics.example.com/ns';

export interface Received {
  body: TrackBatch;
  headers: Headers;
  /** The status the handler answered with. */
  status: number;
}

/** Every `/v1/track` request, in order, including those answered with an error. */
export const requests: Received[] = [];

/** Bodies of every `/v1/identify` request, in order. */
export const identifies: IdentifyRequest[] = [];

/** Events of the requests answered 2xx. */
export const delivered = (): TrackedEvent[] => requests.filter((r) => r.status < 300).flatMap((r) => r.body.batch);

export const names = (): string[] => delivered().map((e) => e.event_name);

/** Records one track request and answers it with `status` (200: every event accepted). */
export async function recordTrack(request: Request, status = 200, headers?: Record<string, string>): Promise<Response> {
  const body = (await request.json()) as TrackBatch;
  requests.push({ body, headers: request.headers, status });
  return status < 300
    ? HttpResponse.json({ accepted: body.batch.length, rejected: [] }, { status, headers })
    : HttpResponse.json({ error: 'failed' }, { status, headers });
}

/** The next `/v1/track` request only is answered with this status and headers. */
export function answerOnce(status: number, headers?: Record<string, string>): void {
  server.use(http.post(`${HOST}/v1/track`, ({ request }) => recordTrack(request, status, headers), { once: true }));
}

export const server = setupServer(
  http.post(`${HOST}/v1/track`, ({ request }) => recordTrack(request)),
  http.post(`${HOST}/v1/identify`, async ({ request }) => {
    const body = (await request.json()) as IdentifyRequest;
    identifies.push(body);
    return HttpResponse.json({ device_id: body.device_id, user_id: body.user_id, linked: 'created', event_uuid: body.uuid });
  }),
);

const clients: Northstar[] = [];

/** A client against the mocked API, shut down after the test. */
export function startClient(options: Partial<NorthstarOptions> = {}): Northstar {
  const client = new Northstar({ apiKey: API_KEY, host: HOST, ...options });
  clients.push(client);
  return client;
}

/** Installs msw and resets what it recorded between tests. Call once at the top of a test file. */
export function useApi(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(async () => {
    server.resetHandlers();
    await Promise.all(clients.splice(0).map((client) => client.shutdown({ timeoutMs: 0 })));
    requests.length = 0;
    identifies.length = 0;
  });
  afterAll(() => server.close());
}
