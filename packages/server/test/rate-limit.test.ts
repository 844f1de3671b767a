import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { createApiKey } from '@northstar/server';
import type { ProjectPlan, StorageAdapter } from '@northstar/server';
import { errorHandler } from '../src/http/error-handler.js';
import { planRateLimiter } from '../src/limits/plan-rate-limiter.js';
import { rateLimitMiddleware } from '../src/http/rate-limit-middleware.js';
import { startAuthServer } from './support/accounts.js';
import { eventQuery, postJson, startTestServer } from './support/test-server.js';
import type { TestServer, TestServerOptions } from './support/test-server.js';

let api: TestServer | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await api?.close();
  api = undefined;
});

async function start(options: TestServerOptions): Promise<TestServer> {
  api = await startTestServer(options);
  return api;
}

const event = { event_name: 'e', device_id: 'd1' };
const track = (server: TestServer, pk = server.demo.pk) => postJson(`${server.url}/v1/track`, event, { 'X-API-Key': pk });
const query = (server: TestServer, projectId = server.demo.project_id, sk = server.demo.sk) =>
  postJson(`${server.url}/v1/api/query/events`, eventQuery(projectId, ['e'], '2024-05-01'), { Authorization: `Bearer ${sk}` });

/** Sends `count` requests, `parallel` at a time, and returns their statuses in order. */
async function statuses(count: number, send: () => Promise<{ status: number }>, parallel = 25): Promise<number[]> {
  const all: number[] = [];
  for (let sent = 0; sent < count; sent += parallel) {
    const wave = await Promise.all(Array.from({ length: Math.min(parallel, count - sent) }, send));
    all.push(...wave.map((res) => res.status));
  }
  return all;
}

/** A second project of `plan` with its own keys. */
async function otherProject(storage: StorageAdapter, plan: ProjectPlan) {
  const project = await storage.config.createProject({ name: 'Other', plan });
  const pk = await createApiKey(storage.config, { projectId: project.id, kind: 'pk' });
  const sk = await createApiKey(storage.config, { projectId: project.id, kind: 'sk', scopes: ['query'] });
  return { id: project.id, pk: pk.key, sk: sk.key };
}

describe('rate limits by plan', () => {
  it('lets exactly 100 /v1/track requests of a free project through in a minute, then answers 429 { error } with Retry-After', async () => {
    const server = await start({ demoPlan: 'free' });
    expect(await statuses(100, () => track(server))).toEqual(Array(100).fill(200));

    const refused = await track(server);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: expect.stringMatching(/rate limit/i) });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
    expect(refused.headers.get('ratelimit-limit')).toBe('100');
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('ratelimit-reset')).toBe(String(retryAfter));
    expect(refused.headers.get('ratelimit-policy')).toBe('100;w=60');
  });

  it('sets the RateLimit-* headers on allowed responses too, counting down', async () => {
    const server = await start({ demoPlan: 'free' });
    const first = await track(server);
    const second = await track(server);
    expect(first.status).toBe(200);
    expect([first.headers.get('ratelimit-limit'), first.headers.get('ratelimit-remaining')]).toEqual(['100', '99']);
    expect(second.headers.get('ratelimit-remaining')).toBe('98');
    expect(Number(first.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(59);
    expect(first.headers.get('retry-after')).toBeNull();
  });

  it('gives a pro project 1000 /v1/track requests a minute', async () => {
    const server = await start({ demoPlan: 'pro' });
    const answers = await statuses(1_001, () => track(server), 50);
    expect(answers.filter((status) => status === 200)).toHaveLength(1_000);
    expect(answers.at(-1)).toBe(429);
  });

  it('lets 60 queries of a free project through in a minute and refuses the 61st; pro allows 600', async () => {
    const server = await start({ demoPlan: 'free' });
    expect(await statuses(60, () => query(server), 10)).toEqual(Array(60).fill(200));
    expect((await query(server)).status).toBe(429);

    const pro = await otherProject(server.storage, 'pro');
    const answer = await query(server, pro.id, pro.sk);
    expect(answer.status).toBe(200);
    expect([answer.headers.get('ratelimit-limit'), answer.headers.get('ratelimit-remaining')]).toEqual(['600', '599']);
  });

  it('counts /v1/query/* and /v1/api/query/* against one budget', async () => {
    const server = await start({ demoPlan: 'free', rateLimits: { plans: { free: { query: 2 } } } });
    const alias = () =>
      postJson(`${server.url}/v1/query/events`, eventQuery(server.demo.project_id, ['e'], '2024-05-01'), { Authorization: `Bearer ${server.demo.sk}` });
    expect([(await query(server)).status, (await alias()).status, (await alias()).status]).toEqual([200, 200, 429]);
  });

  it('keeps projects apart: one project out of budget leaves another untouched', async () => {
    const server = await start({ demoPlan: 'free', rateLimits: { plans: { free: { track: 3 } } } });
    const other = await otherProject(server.storage, 'free');
    expect(await statuses(4, () => track(server), 1)).toEqual([200, 200, 200, 429]);
    expect(await statuses(3, () => track(server, other.pk), 1)).toEqual([200, 200, 200]);
    expect((await track(server, other.pk)).status).toBe(429);
  });

  it('counts /v1/track and queries separately', async () => {
    const server = await start({ demoPlan: 'free', rateLimits: { plans: { free: { track: 1, query: 1 } } } });
    expect([(await track(server)).status, (await track(server)).status]).toEqual([200, 429]);
    expect((await query(server)).status).toBe(200);
  });
});

describe('rate limits and the window', () => {
  it('starts a fresh window once the minute has passed, and Retry-After says how long is left', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2024-05-01T12:00:00.000Z'));
    const server = await start({ demoPlan: 'free', rateLimits: { plans: { free: { track: 2 } } } });
    expect(await statuses(3, () => track(server), 1)).toEqual([200, 200, 429]);

    vi.setSystemTime(Date.parse('2024-05-01T12:00:45.000Z'));
    const later = await track(server);
    expect(later.status).toBe(429);
    expect(later.headers.get('retry-after')).toBe('15');

    vi.setSystemTime(Date.parse('2024-05-01T12:01:00.001Z'));
    const fresh = await track(server);
    expect(fresh.status).toBe(200);
    expect([fresh.headers.get('ratelimit-remaining'), fresh.headers.get('ratelimit-reset')]).toEqual(['1', '60']);
  });

  it('follows windowSeconds', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2024-05-01T12:00:00.000Z'));
    const server = await start({ demoPlan: 'free', rateLimits: { windowSeconds: 10, plans: { free: { track: 1 } } } });
    expect((await track(server)).status).toBe(200);
    const refused = await track(server);
    expect([refused.status, refused.headers.get('retry-after'), refused.headers.get('ratelimit-policy')]).toEqual([429, '10', '1;w=10']);
    vi.setSystemTime(Date.parse('2024-05-01T12:00:10.001Z'));
    expect((await track(server)).status).toBe(200);
  });
});

describe('rate limits after access checks', () => {
  it('still answers 401 to an invalid key when the project is out of budget, and counts nothing for it', async () => {
    const server = await start({ demoPlan: 'free', rateLimits: { plans: { free: { track: 1 } } } });
    expect((await track(server)).status).toBe(200);
    expect((await track(server)).status).toBe(429);
    const invalid = await track(server, 'pk_not_a_real_key');
    expect(invalid.status).toBe(401);
    expect(invalid.headers.get('ratelimit-limit')).toBeNull();
  });

  it('answers 403 to a secret key of another project before counting', async () => {
    const server = await start({ demoPlan: 'free', rateLimits: { plans: { free: { query: 1 } } } });
    const other = await otherProject(server.storage, 'free');
    expect((await query(server, server.demo.project_id, other.sk)).status).toBe(403);
    expect((await query(server)).status).toBe(200);
  });
});

describe('configuring rate limits', () => {
  it('takes the enterprise numbers of a contract from the rateLimits option', async () => {
    const server = await start({ demoPlan: 'enterprise', rateLimits: { plans: { enterprise: { track: 3 } } } });
    const answers = await statuses(4, () => track(server), 1);
    expect(answers).toEqual([200, 200, 200, 429]);
  });

  it('gives an enterprise project, the self-hosted default, 60,000 /v1/track and 6,000 query requests a minute when no contract is configured', async () => {
    const server = await start({ demoPlan: 'enterprise' });
    expect((await track(server)).headers.get('ratelimit-limit')).toBe('60000');
    expect((await query(server)).headers.get('ratelimit-limit')).toBe('6000');
  });

  it('takes one project’s numbers over its plan’s, and false lifts a limit', async () => {
    const storage = createMemoryStorage();
    const other = await otherProject(storage, 'free');
    const server = await start({ storage, rateLimits: { projects: { [other.id]: { track: 2 } }, plans: { free: { query: false } } } });
    expect(await statuses(3, () => track(server, other.pk), 1)).toEqual([200, 200, 429]);
    const unlimited = await query(server, other.id, other.sk);
    expect(unlimited.status).toBe(200);
    expect(unlimited.headers.get('ratelimit-limit')).toBeNull();
  });

  it('reads a plan change within planCacheMs', async () => {
    const server = await start({ demoPlan: 'free', rateLimits: { planCacheMs: 0 } });
    expect((await track(server)).headers.get('ratelimit-limit')).toBe('100');
    await server.storage.config.updateProject(server.demo.project_id, { plan: 'pro' });
    const upgraded = await track(server);
    expect(upgraded.headers.get('ratelimit-limit')).toBe('1000');
  });

  it('turns limits off with rateLimits: false', async () => {
    const server = await start({ demoPlan: 'free', rateLimits: false });
    const answers = await statuses(120, () => track(server));
    expect(answers.every((status) => status === 200)).toBe(true);
  });

  it('refuses invalid numbers when the router is created', async () => {
    await expect(startTestServer({ rateLimits: { plans: { free: { track: 0 } } } })).rejects.toThrow(TypeError);
    await expect(startTestServer({ rateLimits: { plans: { free: { track: 1.5 } } } })).rejects.toThrow(/rateLimits/);
  });
});

describe('plan-independent limits', () => {
  it('allows 10 sign-in attempts a minute from one IP by default and refuses the 11th before checking it', async () => {
    api = await startAuthServer({ rateLimits: {} });
    const server = api;
    const attempt = () => postJson(`${server.url}/auth/login`, { email: 'nobody@example.com', password: 'wrong password' });
    const answers = await statuses(11, attempt, 1);
    expect(answers.slice(0, 10).every((status) => status !== 429)).toBe(true);
    expect(answers[10]).toBe(429);
  });

  /** A bare app with the limiter of `embed` on `GET /v1/embed/:token` and of `login` on `POST /auth/login`. */
  async function bareApp(): Promise<{ url: string; close: () => Promise<void> }> {
    const storage = createMemoryStorage();
    const limiter = rateLimitMiddleware(planRateLimiter({ rateLimits: { fixed: { embed: 2, login: 1 } } }, storage));
    const app = express();
    app.get('/v1/embed/:token', limiter('embed'), (_req, res) => void res.json({ ok: true }));
    app.post('/auth/login', limiter('login'), (_req, res) => void res.json({ ok: true }));
    app.use(errorHandler({ error: () => {} }));
    const server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }

  it('counts embed requests per token, whatever the plan', async () => {
    const app = await bareApp();
    try {
      const embed = async (token: string) => (await fetch(`${app.url}/v1/embed/${token}`)).status;
      expect([await embed('tok-a'), await embed('tok-a'), await embed('tok-a')]).toEqual([200, 200, 429]);
      expect(await embed('tok-b')).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('counts sign-in attempts per client IP', async () => {
    const app = await bareApp();
    try {
      const login = async () => {
        const res = await fetch(`${app.url}/auth/login`, { method: 'POST' });
        return { status: res.status, body: (await res.json()) as unknown, retryAfter: res.headers.get('retry-after') };
      };
      expect((await login()).status).toBe(200);
      expect(await login()).toEqual({ status: 429, body: { error: expect.any(String) }, retryAfter: expect.stringMatching(/^\d+$/) });
    } finally {
      await app.close();
    }
  });
});

describe('every collection endpoint is limited', () => {
  const requests: [string, string, (server: TestServer) => Promise<Response>][] = [
    [
      'POST /v1/track',
      'track',
      (s) =>
        fetch(`${s.url}/v1/track`, { method: 'POST', headers: { 'X-API-Key': s.demo.pk, 'Content-Type': 'application/json' }, body: JSON.stringify(event) }),
    ],
    [
      'POST /v1/identify',
      'ingest',
      (s) =>
        fetch(`${s.url}/v1/identify`, {
          method: 'POST',
          headers: { 'X-API-Key': s.demo.pk, 'Content-Type': 'application/json' },
          body: JSON.stringify({ device_id: 'd1', user_id: 'u1' }),
        }),
    ],
    [
      'POST /v1/replay/chunks',
      'ingest',
      (s) =>
        fetch(`${s.url}/v1/replay/chunks`, {
          method: 'POST',
          headers: { 'X-API-Key': s.demo.pk, 'Content-Type': 'application/json' },
          body: JSON.stringify({ session_id: 's1', seq: 0, device_id: 'd1', events: [{ type: 2, timestamp: 1 }] }),
        }),
    ],
    ['GET /v1/decide/guides', 'decide', (s) => fetch(`${s.url}/v1/decide/guides?device_id=d1`, { headers: { 'X-API-Key': s.demo.pk } })],
    ['GET /v1/decide/surveys', 'decide', (s) => fetch(`${s.url}/v1/decide/surveys?device_id=d1`, { headers: { 'X-API-Key': s.demo.pk } })],
    [
      'POST /v1/flags/evaluate',
      'decide',
      (s) =>
        fetch(`${s.url}/v1/flags/evaluate`, {
          method: 'POST',
          headers: { 'X-API-Key': s.demo.pk, 'Content-Type': 'application/json' },
          body: JSON.stringify({ device_id: 'd1' }),
        }),
    ],
  ];

  it.each(requests)('%s answers 429 { error } with Retry-After once its %s budget is spent', async (_route, limitClass, send) => {
    const storage = createMemoryStorage();
    const server = await start({ storage, rateLimits: { projects: { 1: { [limitClass]: 1 } } } });
    expect(server.demo.project_id).toBe(1);
    const first = await send(server);
    expect(first.status).toBe(200);
    const second = await send(server);
    expect(second.status).toBe(429);
    expect(await second.json()).toEqual({ error: expect.any(String) });
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(second.headers.get('ratelimit-remaining')).toBe('0');
  });
});
