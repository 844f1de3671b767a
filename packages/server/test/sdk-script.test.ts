import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

let dir: string;
let api: TestServer | undefined;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'northstar-sdk-'));
  await writeFile(join(dir, 'min.js'), 'window.min=1;');
  await writeFile(join(dir, 'debug.js'), 'window.debug = 1;\n');
  await writeFile(join(dir, 'vitals.js'), 'window.vitals=1;');
  await writeFile(join(dir, 'guides.js'), 'window.guides=1;');
  await writeFile(join(dir, 'surveys.js'), 'window.surveys=1;');
  await writeFile(join(dir, 'replay.js'), 'window.replay=1;');
});
afterAll(() => rm(dir, { recursive: true, force: true }));
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const scripts = () => ({
  sdkScriptPath: join(dir, 'min.js'),
  sdkDebugScriptPath: join(dir, 'debug.js'),
  sdkWebVitalsScriptPath: join(dir, 'vitals.js'),
  sdkGuidesScriptPath: join(dir, 'guides.js'),
  sdkSurveysScriptPath: join(dir, 'surveys.js'),
  sdkReplayScriptPath: join(dir, 'replay.js'),
  sdkVersion: '1.2.3',
});

describe('SDK script serving', () => {
  it('serves the latest minified script as JavaScript, cached for five minutes, with an ETag', async () => {
    api = await startTestServer(scripts());
    const res = await fetch(`${api.url}/sdk/northstar.js`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('window.min=1;');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.headers.get('etag')).toMatch(/^"[\w-]+"$/);
  });

  it('answers a matching If-None-Match with 304', async () => {
    api = await startTestServer(scripts());
    const etag = (await fetch(`${api.url}/sdk/northstar.js`)).headers.get('etag') ?? '';
    // An explicit Cache-Control stops fetch from adding `no-cache`, as a browser revalidating its cache would.
    const headers = { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' };
    expect((await fetch(`${api.url}/sdk/northstar.js`, { headers })).status).toBe(304);
  });

  it('serves the debug build at /sdk/northstar.debug.js', async () => {
    api = await startTestServer(scripts());
    expect(await (await fetch(`${api.url}/sdk/northstar.debug.js`)).text()).toBe('window.debug = 1;\n');
  });

  it('serves the versioned script as immutable, and 404 for another version', async () => {
    api = await startTestServer(scripts());
    const res = await fetch(`${api.url}/sdk/1.2.3/northstar.min.js`);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe('window.min=1;');
    const other = await fetch(`${api.url}/sdk/0.0.1/northstar.min.js`);
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ error: 'No SDK script for version 0.0.1' });
  });

  it("serves the web-vitals chunk beside the script, latest and pinned, with the script's headers", async () => {
    api = await startTestServer(scripts());
    const latest = await fetch(`${api.url}/sdk/web-vitals.js`);
    expect(latest.status).toBe(200);
    expect(await latest.text()).toBe('window.vitals=1;');
    expect(latest.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(latest.headers.get('cache-control')).toBe('public, max-age=300');
    expect(latest.headers.get('access-control-allow-origin')).toBe('*');
    const etag = latest.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await fetch(`${api.url}/sdk/web-vitals.js`, { headers: { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' } })).status).toBe(304);

    const pinned = await fetch(`${api.url}/sdk/1.2.3/web-vitals.js`);
    expect(pinned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await pinned.text()).toBe('window.vitals=1;');
    const other = await fetch(`${api.url}/sdk/0.0.1/web-vitals.js`);
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ error: 'No SDK script for version 0.0.1' });
  });

  it('serves the guides chunk beside the script, latest and pinned, and 404 for another version', async () => {
    api = await startTestServer(scripts());
    const latest = await fetch(`${api.url}/sdk/guides.js`);
    expect(latest.status).toBe(200);
    expect(await latest.text()).toBe('window.guides=1;');
    expect(latest.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(latest.headers.get('cache-control')).toBe('public, max-age=300');
    const pinned = await fetch(`${api.url}/sdk/1.2.3/guides.js`);
    expect(pinned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await pinned.text()).toBe('window.guides=1;');
    expect((await fetch(`${api.url}/sdk/0.0.1/guides.js`)).status).toBe(404);
  });

  it('serves the surveys chunk beside the script, latest and pinned, and 404 for another version', async () => {
    api = await startTestServer(scripts());
    const latest = await fetch(`${api.url}/sdk/surveys.js`);
    expect(latest.status).toBe(200);
    expect(await latest.text()).toBe('window.surveys=1;');
    expect(latest.headers.get('cache-control')).toBe('public, max-age=300');
    const pinned = await fetch(`${api.url}/sdk/1.2.3/surveys.js`);
    expect(pinned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${api.url}/sdk/0.0.1/surveys.js`)).status).toBe(404);
  });

  it('serves the replay recorder chunk beside the script, latest and pinned, and 404 for another version', async () => {
    api = await startTestServer(scripts());
    const latest = await fetch(`${api.url}/sdk/replay.js`);
    expect(latest.status).toBe(200);
    expect(await latest.text()).toBe('window.replay=1;');
    expect(latest.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(latest.headers.get('cache-control')).toBe('public, max-age=300');
    expect(latest.headers.get('access-control-allow-origin')).toBe('*');
    const pinned = await fetch(`${api.url}/sdk/1.2.3/replay.js`);
    expect(pinned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await pinned.text()).toBe('window.replay=1;');
    expect((await fetch(`${api.url}/sdk/0.0.1/replay.js`)).status).toBe(404);
  });

  it('serves the built replay chunk by default', async () => {
    api = await startTestServer({ sdkVersion: '1.2.3' });
    const res = await fetch(`${api.url}/sdk/replay.js`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('__northstar_replay');
  });

  it('answers 503 for the web-vitals chunk when its file is missing', async () => {
    api = await startTestServer({ ...scripts(), sdkWebVitalsScriptPath: join(dir, 'missing.js') });
    const res = await fetch(`${api.url}/sdk/web-vitals.js`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: expect.stringContaining('npm run build') });
  });

  it('publishes the pinned script path and its SRI hash, which a browser would accept for the served bytes', async () => {
    api = await startTestServer(scripts());
    const published = (await (await fetch(`${api.url}/sdk/integrity.json`)).json()) as { path: string; integrity: string };
    const served = Buffer.from(await (await fetch(`${api.url}/${published.path}`)).arrayBuffer());

    expect(published.path).toBe('sdk/1.2.3/northstar.min.js');
    expect(published.integrity).toBe(`sha384-${createHash('sha384').update(served).digest('base64')}`);
    expect((await fetch(`${api.url}/${published.path}`)).headers.get('access-control-allow-origin')).toBe('*');
  });

  it('reads the file once and serves it from memory', async () => {
    await writeFile(join(dir, 'once.js'), 'first');
    api = await startTestServer({ sdkScriptPath: join(dir, 'once.js') });
    expect(await (await fetch(`${api.url}/sdk/northstar.js`)).text()).toBe('first');
    await writeFile(join(dir, 'once.js'), 'second');
    expect(await (await fetch(`${api.url}/sdk/northstar.js`)).text()).toBe('first');
  });

  it('answers 503 with an error body when the script file is missing', async () => {
    api = await startTestServer({ sdkScriptPath: join(dir, 'missing.js') });
    const res = await fetch(`${api.url}/sdk/northstar.js`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: expect.stringContaining('npm run build') });
  });
});
