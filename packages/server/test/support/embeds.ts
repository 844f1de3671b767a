import { afterAll, afterEach } from 'vitest';
import { createTestStorage, databaseAvailable, releaseTestDatabases, selectedDatabases } from '@northstar/adapter-testing';
import type { DatabaseKind } from '@northstar/adapter-testing';
import { createApiKey } from '@northstar/server';
import { call, startAuthServer } from './accounts.js';
import type { ApiResponse } from './accounts.js';
import type { TestServer } from './test-server.js';

/** The databases of `NORTHSTAR_DBS`, with whether each can run here (mysql may be absent on a laptop). */
export const embedDatabases = selectedDatabases();
export const availableDatabases = new Map(await Promise.all(embedDatabases.map(async (kind) => [kind, await databaseAvailable(kind)] as const)));

export const today = () => new Date(Date.now()).toISOString().slice(0, 10);
export const segmentation = (name: string, extra: Record<string, unknown> = {}) => ({
  events: [{ name }],
  metric: 'total',
  date_range: { start: today(), end: today() },
  interval: 'day',
  ...extra,
});

export interface EmbedFixture {
  api: TestServer;
  /** An admin secret key of the demo project. */
  admin: string;
  projectId: number;
  /** Moves the server's clock (tokens are signed and checked against it). */
  advance(ms: number): void;
  /** Stops the server's clock at `ms` (epoch ms), so that a check at a second's edge does not race the real clock. */
  stopClockAt(ms: number): void;
  call(method: string, path: string, options?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<ApiResponse>;
  /** Creates a dashboard in the demo project (or `projectId`) through the API; returns its id. */
  dashboard(body: Record<string, unknown>, token?: string, projectId?: number): Promise<number>;
  /** Mints an embed token through the API; fails the test unless 201. */
  mint(body: Record<string, unknown>, token?: string): Promise<{ id: number; token: string; path: string }>;
  /** Tracks one event now with the demo SDK key. */
  track(name: string, extra?: Record<string, unknown>): Promise<void>;
}

/** A test server on `kind` with a clock the test moves, torn down after each test. */
export function useEmbedServer(): (kind: DatabaseKind) => Promise<EmbedFixture> {
  let api: TestServer | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });
  afterAll(() => releaseTestDatabases());
  return async (kind) => {
    let offset = 0;
    let stoppedAt: number | undefined;
    api = await startAuthServer({ storage: await createTestStorage(kind), clock: () => stoppedAt ?? Date.now() + offset });
    const server = api;
    const projectId = server.demo.project_id;
    const admin = (await createApiKey(server.storage.config, { projectId, kind: 'sk', scopes: ['admin'] })).key;
    const fixture: EmbedFixture = {
      api: server,
      admin,
      projectId,
      advance: (ms) => void (offset += ms),
      stopClockAt: (ms) => void (stoppedAt = ms),
      call: (method, path, options = {}) => call(server.url, method, path, options),
      async dashboard(body, token = admin, project = projectId) {
        const res = await call(server.url, 'POST', `/v1/projects/${project}/dashboards`, { token, body });
        if (res.status !== 201) throw new Error(`dashboard: ${res.status} ${res.text}`);
        return (res.body as { id: number }).id;
      },
      async mint(body, token = admin) {
        const res = await call(server.url, 'POST', `/v1/projects/${projectId}/embeds`, { token, body });
        if (res.status !== 201) throw new Error(`mint: ${res.status} ${res.text}`);
        return res.body as { id: number; token: string; path: string };
      },
      async track(name, extra = {}) {
        const res = await call(server.url, 'POST', '/v1/track', {
          body: { event_name: name, user_id: 'u1', ...extra },
          headers: { 'X-API-Key': server.demo.pk },
        });
        if (res.status !== 200) throw new Error(`track: ${res.status} ${res.text}`);
      },
    };
    return fixture;
  };
}
