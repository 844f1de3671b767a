import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readCliSettings } from '../src/cli/cli-env.js';
import { renderDemoPage } from '../src/cli/demo-page.js';
import { startNorthstarServer } from '../src/cli/start-server.js';
import type { RunningServer } from '../src/cli/start-server.js';
import { eventQuery, postJson } from './support/test-server.js';

let running: RunningServer | undefined;
let dir: string | undefined;
afterEach(async () => {
  await running?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
  running = undefined;
  dir = undefined;
});

async function start(): Promise<RunningServer> {
  dir = await mkdtemp(join(tmpdir(), 'northstar-cli-'));
  running = await startNorthstarServer({ port: 0, host: '127.0.0.1', dataDir: join(dir, 'data'), router: { logger: { error: () => {} } } });
  return running;
}

describe('the northstar-server CLI app', () => {
  it('serves a demo page that embeds the SDK key and loads /sdk/northstar.js', async () => {
    const { url, demo } = await start();
    const res = await fetch(`${url}/`);
    const html = await res.text();
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(html).toContain(`northstar.push(['init', {"key":"${demo.pk}","endpoint":"${url}"}]);`);
    expect(html).toContain('<script async src="/sdk/northstar.js"></script>');
    expect(html).toContain("northstar.push(['track', 'demo_click', { source: 'button' }])");
    expect(html).not.toContain(demo.sk);
  });

  it('writes demo.json with the keys and url, readable by the owner only', async () => {
    const { url, demo, demoFile } = await start();
    expect(demoFile).toBe(join(dir ?? '', 'data', 'demo.json'));
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

  it('escapes the embedded values so that nothing breaks out of the script', () => {
    const html = renderDemoPage({ pk: 'pk_</script><script>alert(1)</script>', endpoint: 'http://x/\u2028<!--', curl: 'curl <b>&' });
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('"key":"pk_\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"');
    expect(html).toContain('\\u2028\\u003c!--');
    expect(html).toContain('curl &#60;b&#62;&#38;');
  });

  it('reads PORT, HOST and NORTHSTAR_DATA_DIR with defaults 8787, 127.0.0.1 and ./.northstar', () => {
    expect(readCliSettings({})).toMatchObject({ port: 8787, host: '127.0.0.1', dataDir: './.northstar' });
    expect(readCliSettings({ PORT: '0', HOST: '0.0.0.0', NORTHSTAR_DATA_DIR: '/tmp/ns' })).toMatchObject({ port: 0, host: '0.0.0.0', dataDir: '/tmp/ns' });
    expect(() => readCliSettings({ PORT: 'eighty' })).toThrow('PORT must be an integer');
  });

  it('keeps data in the SQLite file data.db of the data directory unless DATABASE_URL names another database', () => {
    expect(readCliSettings({}).databaseUrl).toBe('sqlite:.northstar/data.db');
    expect(readCliSettings({ NORTHSTAR_DATA_DIR: '/tmp/ns' }).databaseUrl).toBe('sqlite:/tmp/ns/data.db');
    expect(readCliSettings({ DATABASE_URL: 'mysql://root@127.0.0.1:3306/test' }).databaseUrl).toBe('mysql://root@127.0.0.1:3306/test');
  });
});
