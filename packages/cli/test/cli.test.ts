import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { readCliSettings } from '../src/cli-env.js';
import { renderDemoPage, renderDemoScript } from '../src/demo-page.js';
import { serverSandbox } from './support/server-sandbox.js';
import { eventQuery, postJson } from './support/test-server.js';

const sandbox = serverSandbox('northstar-cli-');
const start = () => sandbox.start();

describe('the northstar-server CLI app', () => {
  it('serves a demo page that loads its script /demo.js, which embeds the SDK key, then /sdk/northstar.js', async () => {
    const { url, demo } = await start();
    const res = await fetch(`${url}/`);
    const html = await res.text();
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('<script src="/demo.js"></script>\n<script async src="/sdk/northstar.js"></script>');
    const script = await fetch(`${url}/demo.js`);
    const js = await script.text();
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect(js).toContain(`northstar.push(['init', {"key":"${demo.pk}","endpoint":"${url}"}]);`);
    expect(js).toContain("northstar.push(['track', 'demo_click', { source: 'button' }])");
    expect(html + js).not.toContain(demo.sk);
  });

  it('gives the demo page a strict CSP: no inline script or style, scripts and requests to its own server only', async () => {
    const { url } = await start();
    const res = await fetch(`${url}/`);
    const html = await res.text();
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain(`connect-src 'self' ${url}`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe');
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(html).not.toMatch(/<style|\sstyle=|\son[a-z]+=/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    for (const asset of ['/demo.js', '/demo.css']) {
      const served = await fetch(`${url}${asset}`);
      expect(served.status, asset).toBe(200);
      expect(served.headers.get('x-content-type-options'), asset).toBe('nosniff');
    }
  });

  it('writes demo.json with the keys and url, readable by the owner only', async () => {
    const { url, demo, demoFile } = await start();
    expect(demoFile).toBe(join(await sandbox.dir(), 'data', 'demo.json'));
    expect(JSON.parse(await readFile(demoFile, 'utf8'))).toEqual({ project_id: demo.project_id, pk: demo.pk, sk: demo.sk, url });
    expect((await stat(demoFile)).mode & 0o777).toBe(0o600);
  });

  it('seeds a demo project whose keys track and query', async () => {
    const { url, demo } = await start();
    const today = new Date().toISOString().slice(0, 10);
    expect((await postJson(`${url}/v1/track`, { event_name: '$pageview', device_id: 'd1' }, { 'X-API-Key': demo.pk })).status).toBe(200);
    const res = await postJson(`${url}/v1/api/query/events`, eventQuery(demo.project_id, ['$pageview'], today), { Authorization: `Bearer ${demo.sk}` });
    expect(res.body).toMatchObject({ series: [{ event: '$pageview', data: [{ date: today, value: 1 }] }] });
  });

  it('disposes its storage and rejects when its port is taken, so that the process can exit', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const storage = createMemoryStorage();
    const dispose = vi.spyOn(storage, 'dispose');
    try {
      await expect(sandbox.start({ port: (taken.address() as AddressInfo).port, storage })).rejects.toMatchObject({ code: 'EADDRINUSE' });
      expect(dispose).toHaveBeenCalledTimes(1);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('escapes the embedded values so that nothing breaks out of the script or the page', () => {
    const js = renderDemoScript({ pk: 'pk_</script><script>alert(1)</script>', endpoint: 'http://x/\u2028<!--' });
    expect(js).not.toContain('</script><script>alert(1)');
    expect(js).toContain('"key":"pk_\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"');
    expect(js).toContain('\\u2028\\u003c!--');
    expect(renderDemoPage({ curl: 'curl <b>&' })).toContain('curl &#60;b&#62;&#38;');
  });

  it('reads PORT, HOST and NORTHSTAR_DATA_DIR with defaults 8787, 127.0.0.1 and ./.northstar', () => {
    expect(readCliSettings({})).toMatchObject({ port: 8787, host: '127.0.0.1', dataDir: './.northstar' });
    expect(readCliSettings({ PORT: '0', HOST: '0.0.0.0', NORTHSTAR_DATA_DIR: '/tmp/ns' })).toMatchObject({ port: 0, host: '0.0.0.0', dataDir: '/tmp/ns' });
    expect(() => readCliSettings({ PORT: 'eighty' })).toThrow('PORT must be an integer');
  });

  it('reads NORTHSTAR_WEBHOOK_ALLOWED_NETWORKS as a comma-separated list of networks, none by default', () => {
    expect(readCliSettings({}).webhookAllowedNetworks).toBeUndefined();
    expect(readCliSettings({ NORTHSTAR_WEBHOOK_ALLOWED_NETWORKS: ' 10.0.0.0/8, fd00::/8,,' }).webhookAllowedNetworks).toEqual(['10.0.0.0/8', 'fd00::/8']);
  });

  it('keeps data in the SQLite file data.db of the data directory unless DATABASE_URL names another database', () => {
    expect(readCliSettings({}).databaseUrl).toBe('sqlite:.northstar/data.db');
    expect(readCliSettings({ NORTHSTAR_DATA_DIR: '/tmp/ns' }).databaseUrl).toBe('sqlite:/tmp/ns/data.db');
    expect(readCliSettings({ DATABASE_URL: 'mysql://root@127.0.0.1:3306/test' }).databaseUrl).toBe('mysql://root@127.0.0.1:3306/test');
  });
});
