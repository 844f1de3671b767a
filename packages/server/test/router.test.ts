import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { createNorthstarRouter } from '@northstar/server';
import { postJson, startTestServer } from './support/test-server.js';
import { servedRoutes } from './support/served-routes.js';
import type { TestServer } from './support/test-server.js';

let api: TestServer | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

describe('the router', () => {
  it('answers an unknown /v1 path with 404 JSON', async () => {
    api = await startTestServer();
    expect(await postJson(`${api.url}/v1/nope`, {})).toMatchObject({ status: 404, body: { error: 'Unknown API path' } });
  });

  it("lets the host app's own routes after it answer", async () => {
    api = await startTestServer();
    const res = await fetch(`${api.url}/host/hello`);
    expect(await res.json()).toEqual({ host: 'hello' });
  });

  it('works when mounted under a path of the host app', async () => {
    api = await startTestServer({ mountPath: '/ns' });
    const res = await postJson(`${api.url}/ns/v1/track`, { event_name: 'x', device_id: 'd' }, { 'X-API-Key': api.demo.pk });
    expect(res).toMatchObject({ status: 200, body: { accepted: 1 } });
    expect((await fetch(`${api.url}/host/hello`)).status).toBe(200);
  });

  it('answers a CORS preflight for /v1/track from any origin', async () => {
    api = await startTestServer();
    const res = await fetch(`${api.url}/v1/track`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://shop.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,x-api-key' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toBe('Content-Type,Content-Encoding,X-API-Key,Authorization');
  });

  it('limits CORS to the configured origins', async () => {
    api = await startTestServer({ corsOrigins: ['https://shop.example'] });
    const headers = { 'X-API-Key': api.demo.pk };
    const allowed = await postJson(`${api.url}/v1/track`, { event_name: 'x', device_id: 'd' }, { ...headers, Origin: 'https://shop.example' });
    const other = await postJson(`${api.url}/v1/track`, { event_name: 'x', device_id: 'd' }, { ...headers, Origin: 'https://evil.example' });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('describes every route it serves in /v1/openapi.json', async () => {
    api = await startTestServer();
    const doc = (await (await fetch(`${api.url}/v1/openapi.json`)).json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe('3.1.0');
    const documented = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method} ${path}`));
    const router = createNorthstarRouter({ storage: createMemoryStorage() });
    const served = servedRoutes(router);
    expect(served).toContain('post /v1/track');
    expect(served).toContain('post /v1/query/events');
    expect(documented.sort()).toEqual([...new Set(served)].sort());
  });

  it('generates request schemas from the validation schemas', async () => {
    api = await startTestServer();
    const doc = (await (await fetch(`${api.url}/v1/openapi.json`)).json()) as {
      paths: Record<string, { post: { requestBody: { content: Record<string, { schema: { required?: string[] } }> } } }>;
    };
    const query = doc.paths['/v1/api/query/events']?.post.requestBody.content['application/json']?.schema;
    expect(query?.required).toEqual(expect.arrayContaining(['project_id', 'events', 'metric', 'date_range', 'interval']));
  });

  it('answers a storage failure with 503 and Retry-After, logged once, with no stack trace or detail', async () => {
    const logged: unknown[] = [];
    const storage = createMemoryStorage();
    storage.eventLog.appendEvents = () => Promise.reject(new Error('disk on fire at /secret/path'));
    api = await startTestServer({ storage, logger: { error: (_message, error) => logged.push(error) } });
    const res = await postJson(`${api.url}/v1/track`, { event_name: 'x', device_id: 'd' }, { 'X-API-Key': api.demo.pk });
    expect(res).toMatchObject({ status: 503, body: { error: expect.stringContaining('Storage unavailable') } });
    expect(res.headers.get('retry-after')).toBe('5');
    expect(JSON.stringify(res.body)).not.toContain('secret');
    expect(logged).toHaveLength(1);
  });

  it('survives hostile bodies', async () => {
    api = await startTestServer();
    const key = { 'X-API-Key': api.demo.pk };
    for (const body of ['null', '[]', '"text"', '42', '{"batch": {}}', '{"batch": [null, 1, "x"]}', '{"event_name": {"$gt": ""}, "device_id": []}']) {
      const res = await postJson(`${api.url}/v1/track`, body, key);
      expect(res.status, body).toBe(400);
      expect(res.body).toHaveProperty('error');
    }
    const badCharset = await postJson(`${api.url}/v1/track`, '{}', { ...key, 'Content-Type': 'application/json; charset=klingon' });
    expect(badCharset.status).toBe(415);
    expect((await postJson(`${api.url}/v1/track`, { event_name: 'x', device_id: 'd' }, key)).status).toBe(200);
  });
});
