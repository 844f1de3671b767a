import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express4 from 'express4';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { createNorthstarRouter, seedDemoProject } from '@northstar/server';
import type { DemoProject } from '@northstar/server';
import { FAST_SCRYPT, PASSWORD, TEST_JWT_SECRET, addAccount } from './support/accounts.js';
import { postJson } from './support/test-server.js';

// Express 4 does not catch a rejected promise of a handler (Express 5 does): the router must turn its
// own async failures into answers, or one wrong password crashes the host app. express is a peer
// dependency, so in an Express 4 app the router is an Express 4 router: so it is here.
vi.mock('express', () => import('express4'));

describe('the router mounted in an Express 4 app', () => {
  let server: Server;
  let url: string;
  let demo: DemoProject;

  beforeAll(async () => {
    expect((await import('express')).default).toBe(express4);
    const storage = createMemoryStorage();
    demo = await seedDemoProject(storage);
    await addAccount(storage, 'owner@example.com', { projectId: demo.project_id, role: 'owner' });
    const app = express4();
    app.use(express4.json());
    app.use('/ns', createNorthstarRouter({ storage, jwtSecret: TEST_JWT_SECRET, passwordHashCost: FAST_SCRYPT, logger: { error: () => {} } }));
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ns`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  });

  it('answers a wrong password on /auth/login with 401 { error }, and the host keeps serving', async () => {
    const refused = await postJson(`${url}/auth/login`, { email: 'owner@example.com', password: 'not the password' });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ error: expect.any(String) });
    const accepted = await postJson(`${url}/auth/login`, { email: 'owner@example.com', password: PASSWORD });
    expect(accepted.status).toBe(200);
  });

  it('answers an async failure of an application route (a key of another project) with its status', async () => {
    const response = await postJson(
      `${url}/v1/api/query/events`,
      { project_id: demo.project_id + 1, events: [{ name: 'x' }], metric: 'total', interval: 'day', date_range: { start: '2024-05-01', end: '2024-05-01' } },
      { Authorization: `Bearer ${demo.sk}` },
    );
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: expect.any(String) });
  });
});
