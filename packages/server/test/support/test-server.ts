import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { createNorthstarRouter, seedDemoProject } from '@northstar/server';
import type { DemoProject, NorthstarRouterOptions, ProjectPlan, ServedStorage } from '@northstar/server';

export interface TestServer {
  url: string;
  demo: DemoProject;
  storage: ServedStorage;
  close(): Promise<void>;
}

export interface TestServerOptions extends Partial<NorthstarRouterOptions> {
  /** Where the host app mounts the router. @default '/' */
  mountPath?: string;
  /**
   * Plan of the seeded demo project. Enterprise by default, so that suites sending many requests stay
   * far below its rate limits; test/rate-limit.test.ts chooses the plans it tests.
   * @default 'enterprise'
   */
  demoPlan?: ProjectPlan;
}

/**
 * Rate limits of a test server whose options name none: the defaults, except sign-ins, which every
 * suite makes from 127.0.0.1 (the default of 10 a minute per IP is tested in rate-limit.test.ts).
 */
const SUITE_RATE_LIMITS: NorthstarRouterOptions['rateLimits'] = { fixed: { login: 1_000 } };

/** A fixed signing key, so that tests see no "jwtSecret is not set" warning; tests that need it pass their own. */
const TEST_JWT_SECRET = 'northstar-test-secret-of-at-least-32-bytes';

/** A fixed key for webhook secrets, so that suites can create webhooks; tests of the key pass their own (or `undefined`). */
export const TEST_SECRETS_KEY = '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';

/** A host app on a real port: the router at `mountPath`, then a host route `GET /host/hello` and `POST /v1/host-owned`. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const { mountPath = '/', demoPlan = 'enterprise', ...routerOptions } = options;
  const storage = routerOptions.storage ?? createMemoryStorage();
  const demo = await seedDemoProject(storage);
  await storage.config.updateProject(demo.project_id, { plan: demoPlan });
  const app = express();
  app.use(
    mountPath,
    createNorthstarRouter({
      logger: { error: () => {} },
      jwtSecret: TEST_JWT_SECRET,
      secretsKey: TEST_SECRETS_KEY,
      ...routerOptions,
      rateLimits: routerOptions.rateLimits ?? SUITE_RATE_LIMITS,
      storage,
    }),
  );
  app.get('/host/hello', (_req, res) => {
    res.json({ host: 'hello' });
  });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    demo,
    // The router was created, so the storage has every port it needs (it throws MissingPortError otherwise).
    storage: storage as ServedStorage,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await storage.dispose();
    },
  };
}

/** POSTs `body` (JSON-encoded unless already a string) and returns the status and parsed JSON body. */
export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return readAnswer(response);
}

/** The status, headers and body of a response: parsed JSON, or the text when it is not JSON. */
export async function readAnswer(response: Response): Promise<{ status: number; body: unknown; headers: Headers }> {
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
