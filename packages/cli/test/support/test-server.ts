// The few helpers of packages/server/test/support that the command's tests use (package test
// folders are sealed: each package's tests keep their own support).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { createNorthstarRouter, seedDemoProject } from '@northstar/server';
import type { DemoProject, NorthstarRouterOptions, ProjectPlan, ScryptCost, StorageAdapter } from '@northstar/server';

/** A cheap scrypt cost for accounts made in tests. */
export const FAST_SCRYPT: ScryptCost = { N: 1024, r: 8, p: 1 };

const TEST_JWT_SECRET = 'northstar-test-secret-of-at-least-32-bytes';

export interface TestServer {
  url: string;
  demo: DemoProject;
  storage: StorageAdapter;
  close(): Promise<void>;
}

/** The router on a real port over memory storage, with a seeded demo project of `demoPlan`. */
export async function startTestServer(options: Partial<NorthstarRouterOptions> & { demoPlan?: ProjectPlan } = {}): Promise<TestServer> {
  const { demoPlan = 'enterprise', ...routerOptions } = options;
  const storage = routerOptions.storage ?? createMemoryStorage();
  const demo = await seedDemoProject(storage);
  await storage.config.updateProject(demo.project_id, { plan: demoPlan });
  const app = express();
  app.use(createNorthstarRouter({ logger: { error: () => {} }, jwtSecret: TEST_JWT_SECRET, ...routerOptions, storage }));
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    demo,
    storage,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await storage.dispose();
    },
  };
}

/** POSTs `body` (JSON-encoded unless already a string) and returns the status, the parsed JSON body and the headers. */
export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch {
    // not JSON: the test sees the raw text
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

/** An event query for `names` over one or more days. */
export function eventQuery(projectId: number, names: string[], start: string, end = start, metric: 'uniq' | 'total' = 'uniq') {
  return { project_id: projectId, events: names.map((name) => ({ name })), metric, date_range: { start, end }, interval: 'day' };
}
