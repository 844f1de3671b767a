import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { getInstance } from '@northstar/browser';
import type { NorthstarConfig } from '@northstar/browser';
import type { TrackBatch, TrackedEvent } from '@northstar/core';

export const API_KEY = 'pk_react_test';
export const ENDPOINT = 'https://collect.example.com/ns';
export const config: NorthstarConfig = { apiKey: API_KEY, endpoint: ENDPOINT };

/** Every `/v1/track` body the mocked API received, in order. */
export const batches: TrackBatch[] = [];

const SESSION_EVENTS = new Set(['$session_start', '$session_end']);

/** The events the API received, session events left out. */
export const delivered = (): TrackedEvent[] => batches.flatMap((b) => b.batch).filter((e) => !SESSION_EVENTS.has(e.event_name));

/** Names of the delivered events, session events left out. */
export const names = (): string[] => delivered().map((e) => e.event_name);

export const server = setupServer(
  http.post(/\/v1\/track$/, async ({ request }) => {
    const body = (await request.json()) as TrackBatch;
    batches.push(body);
    return HttpResponse.json({ accepted: body.batch.length, rejected: [] });
  }),
  http.post(/\/v1\/identify$/, () => HttpResponse.json({ ok: true })),
  http.post(/\/v1\/flags\/evaluate$/, () => {
    flagRequests.count++;
    return HttpResponse.json({ flags: serverFlags });
  }),
);

/** What `/v1/flags/evaluate` answers (every test starts with none), and how many times it was asked. */
export let serverFlags: Record<string, string | boolean> = {};
export const flagRequests = { count: 0 };
export const answerFlags = (flags: Record<string, string | boolean>): void => {
  serverFlags = flags;
};

/** Sends what the shared instance has queued and waits for the answer. */
export const flushShared = (): Promise<void> => getInstance()?.flush() ?? Promise.resolve();

/** Installs msw; unmounts, destroys the shared instance and clears the page's state after each test. */
export function useApi(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    cleanup();
    getInstance()?.destroy();
    server.resetHandlers();
    batches.length = 0;
    serverFlags = {};
    flagRequests.count = 0;
    sessionStorage.clear();
    localStorage.clear();
    history.replaceState(null, '', '/');
  });
  afterAll(() => server.close());
}
