import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { createNorthstarApp, createNorthstarRouter, seedDemoProject } from '@northstar/server';
import type { NorthstarApp } from '@northstar/server';

const JWT_SECRET = 'northstar-test-secret-of-at-least-32-bytes';

function event(uuid: string) {
  return {
    uuid,
    project_id: 1,
    event_name: 'signup',
    device_id: 'd1',
    user_id: null,
    session_id: null,
    timestamp: 1_767_225_600_000,
    str_properties: {},
    num_properties: {},
    received_at: 1_767_225_600_000,
  };
}

async function serve(app: NorthstarApp): Promise<{ url: string; close: () => Promise<void> }> {
  const host = express();
  host.use(createNorthstarRouter(app));
  const server = createServer(host);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('createNorthstarApp', () => {
  it('authenticates SDK keys without any HTTP around it', async () => {
    const storage = createMemoryStorage();
    const demo = await seedDemoProject(storage);
    const app = createNorthstarApp({ storage, jwtSecret: JWT_SECRET });
    expect(await app.authenticateSdkKey(demo.pk)).toMatchObject({ project_id: demo.project_id, kind: 'pk' });
    expect(await app.authenticateSdkKey('pk_unknown')).toBeUndefined();
    await app.close();
  });

  it('counts rate limits with a plain consume(limitClass, subject)', async () => {
    const app = createNorthstarApp({ storage: createMemoryStorage(), jwtSecret: JWT_SECRET, rateLimits: { fixed: { login: 1 } } });
    const subject = { kind: 'other', key: 'login:ip:10.0.0.1' } as const;
    expect((await app.rateLimiter.consume('login', subject))?.decision.allowed).toBe(true);
    expect((await app.rateLimiter.consume('login', subject))?.decision.allowed).toBe(false);
    await app.close();
  });

  it('counts nothing with rateLimits: false', async () => {
    const app = createNorthstarApp({ storage: createMemoryStorage(), jwtSecret: JWT_SECRET, rateLimits: false });
    expect(app.rateLimiter.enabled).toBe(false);
    expect(await app.rateLimiter.consume('login', { kind: 'other', key: 'login:ip:10.0.0.1' })).toBeUndefined();
  });

  it('leaves no event gathered by the group commit unwritten when closed', async () => {
    const storage = createMemoryStorage();
    const app = createNorthstarApp({ storage, jwtSecret: JWT_SECRET, groupCommitWindowMs: 60_000 });
    const uuid = '0190a0a0-0000-7000-8000-000000000001';
    const committed = app.commit([event(uuid)]);
    await app.close();
    await committed;
    expect(await storage.eventLog.getEvent(1, uuid)).toMatchObject({ uuid, event_name: 'signup' });
  });

  it('registers the webhook delivery and the scheduled evaluations when the storage has a job queue, and refuses two consumers with one name', async () => {
    const app = createNorthstarApp({ storage: createMemoryStorage(), jwtSecret: JWT_SECRET });
    expect(app.workers.names()).toEqual(['webhook-delivery', 'evaluations', 'replay-retention']);
    const { jobs: _jobs, ...withoutJobs } = createMemoryStorage();
    expect(createNorthstarApp({ storage: withoutJobs, jwtSecret: JWT_SECRET }).workers.names()).toEqual([]);
    const consumer = { name: 'test-consumer', start: () => Promise.resolve(() => Promise.resolve()) };
    app.workers.register(consumer);
    expect(() => app.workers.register(consumer)).toThrow(/already registered/);
    await app.workers.start();
    await app.close();
  });

  it('is served by a router that is given it, which shares its state', async () => {
    const storage = createMemoryStorage();
    const demo = await seedDemoProject(storage);
    const app = createNorthstarApp({ storage, jwtSecret: JWT_SECRET, rateLimits: { plans: { enterprise: { track: 1 } } } });
    const server = await serve(app);
    try {
      const subject = { kind: 'project', projectId: demo.project_id, key: `track:p${demo.project_id}` } as const;
      await app.rateLimiter.consume('track', subject);
      const res = await fetch(`${server.url}/v1/track`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': demo.pk },
        body: JSON.stringify({ event_name: 'x', device_id: 'd' }),
      });
      expect(res.status).toBe(429);
    } finally {
      await server.close();
      await app.close();
    }
  });
});
