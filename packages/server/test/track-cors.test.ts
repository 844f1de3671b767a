import { afterEach, describe, expect, it } from 'vitest';
import { postJson, startTestServer } from './support/test-server.js';
import type { TestServer, TestServerOptions } from './support/test-server.js';

// CORS of the ingestion routes: preflights follow the router option; a project's own
// `settings.cors_origins` decides the requests made with its key. docs/ingestion-track.md, "CORS".
let api: TestServer | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const EVENT = { event_name: 'cors', device_id: 'd' };

async function serverWithOrigins(origins: unknown, options: TestServerOptions = {}): Promise<TestServer> {
  const server = await startTestServer({ projectCorsCacheMs: 0, ...options });
  if (origins !== undefined) await server.storage.config.updateProject(server.demo.project_id, { settings: { cors_origins: origins as string[] } });
  return server;
}

function track(server: TestServer, origin?: string, headers: Record<string, string> = { 'X-API-Key': server.demo.pk }) {
  return postJson(`${server.url}/v1/track`, EVENT, origin === undefined ? headers : { ...headers, Origin: origin });
}

describe('CORS of POST /v1/track', () => {
  it('answers a preflight from any origin by default, even for a project with its own list (the preflight has no key)', async () => {
    api = await serverWithOrigins(['https://shop.example']);
    const res = await fetch(`${api.url}/v1/track`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://elsewhere.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,x-api-key' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-max-age')).toBe('86400');
  });

  it('allows any origin for a project without a list', async () => {
    for (const origins of [undefined, [], ['*'], 'https://not-an-array.example']) {
      api = await serverWithOrigins(origins);
      const res = await track(api, 'https://anywhere.example');
      expect(res.status, JSON.stringify(origins)).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      await api.close();
      api = undefined;
    }
  });

  it("echoes an origin on the project's list, with Vary: Origin", async () => {
    api = await serverWithOrigins(['https://shop.example', 'https://Admin.Shop.example/']);
    for (const origin of ['https://shop.example', 'https://admin.shop.example']) {
      const res = await track(api, origin);
      expect(res).toMatchObject({ status: 200, body: { accepted: 1 } });
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('vary')).toContain('Origin');
      expect(res.headers.get('access-control-expose-headers')).toContain('Retry-After');
    }
  });

  it("refuses a browser request from an origin not on the project's list: 403 { error }, no ACAO, nothing stored", async () => {
    api = await serverWithOrigins(['https://shop.example']);
    for (const origin of ['https://evil.example', 'http://shop.example', 'https://shop.example:8443', 'null']) {
      const res = await track(api, origin);
      expect(res).toMatchObject({ status: 403, body: { error: expect.stringContaining('is not allowed to send to this project') } });
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    }
    const rows = await api.storage.queryEngine.run({
      kind: 'segmentation',
      projectId: api.demo.project_id,
      events: ['cors'],
      metric: 'total',
      interval: 'day',
      from: 0,
      to: Date.now() + 86_400_000,
    });
    expect(rows).toEqual([]);
  });

  it('lets requests without Origin (servers) and same-origin requests (the first-party mount) through', async () => {
    api = await serverWithOrigins(['https://shop.example']);
    expect((await track(api)).status).toBe(200);
    expect((await track(api, api.url)).status).toBe(200);
  });

  it('answers a bad key with 401 before the project list is known, readable by any origin', async () => {
    api = await serverWithOrigins(['https://shop.example']);
    const res = await track(api, 'https://evil.example', { 'X-API-Key': 'pk_unknown' });
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it("uses the project's list instead of the router's corsOrigins for that project's requests", async () => {
    api = await serverWithOrigins(['https://project.example'], { corsOrigins: ['https://router.example'] });
    const mine = await track(api, 'https://project.example');
    expect(mine.headers.get('access-control-allow-origin')).toBe('https://project.example');
    expect((await track(api, 'https://router.example')).status).toBe(403);
  });

  it('follows a change of the list once the project cache expires', async () => {
    api = await serverWithOrigins(['https://old.example']);
    expect((await track(api, 'https://new.example')).status).toBe(403);
    await api.storage.config.updateProject(api.demo.project_id, { settings: { cors_origins: ['https://new.example'] } });
    expect((await track(api, 'https://new.example')).status).toBe(200);
  });
});
