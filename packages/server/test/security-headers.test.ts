import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

const JSON_CSP = "default-src 'none'; frame-ancestors 'none'";

let dir: string;
let api: TestServer;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'northstar-headers-'));
  await writeFile(join(dir, 'min.js'), 'window.min=1;');
  api = await startTestServer({ sdkScriptPath: join(dir, 'min.js'), sdkDebugScriptPath: join(dir, 'min.js'), sdkVersion: '1.2.3' });
});
afterAll(async () => {
  await api.close();
  await rm(dir, { recursive: true, force: true });
});

const request = (path: string, init: RequestInit = {}) => fetch(`${api.url}${path}`, init);
const track = (body: unknown, key = api.demo.pk) =>
  request('/v1/track', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-API-Key': key }, body: JSON.stringify(body) });

describe('security headers of the responses the router owns', () => {
  it.each([
    ['an accepted event', () => track({ event_name: 'x', device_id: 'd' }), 200],
    ['a rejected body', () => track({ event_name: '' }), 400],
    ['a wrong SDK key', () => track({ event_name: 'x', device_id: 'd' }, 'pk_unknown'), 401],
    ['an application route without a credential', () => request('/v1/projects'), 401],
    ['an unknown path under /v1', () => request('/v1/nothing-here'), 404],
    ['the OpenAPI document', () => request('/v1/openapi.json'), 200],
    ['a login with a bad body', () => request('/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{' }), 400],
  ])('sends nosniff, no-referrer, a CSP that allows nothing and no-store with %s', async (_what, send, status) => {
    const res = await send();
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('content-security-policy')).toBe(JSON_CSP);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('keeps the Cache-Control a JSON route chose itself', async () => {
    const res = await request('/sdk/integrity.json');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('sends nosniff on the SDK script and keeps it loadable from any origin (no CORP, no frame or CSP rules)', async () => {
    for (const path of ['/sdk/northstar.js', '/sdk/1.2.3/northstar.min.js']) {
      const res = await request(path, { headers: { Origin: 'https://shop.example' } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('access-control-allow-origin'), path).toBe('*');
      expect(res.headers.get('cross-origin-resource-policy'), path).toBeNull();
      expect(res.headers.get('content-security-policy'), path).toBeNull();
    }
  });

  it('leaves the /docs page its own CSP', async () => {
    const res = await request('/docs');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers CORS preflights with nosniff too', async () => {
    const res = await request('/v1/track', { method: 'OPTIONS', headers: { Origin: 'https://shop.example', 'Access-Control-Request-Method': 'POST' } });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("adds nothing to the host app's own responses", async () => {
    const res = await request('/host/hello');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBeNull();
    expect(res.headers.get('referrer-policy')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBeNull();
  });
});
