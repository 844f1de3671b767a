import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, freePort, installHostApp, packWorkspaces, startHostApp, startScript, typecheckHost, waitForPort, type RunningHostApp } from './host-apps.js';

/** The two Express majors the server supports as a peer dependency, each with its own @types. */
const HOSTS = [
  { express: 'Express 4', major: 4, dependencies: { express: '^4.21.2', '@types/express': '^4.17.21' } },
  { express: 'Express 5', major: 5, dependencies: { express: '^5.1.0', '@types/express': '^5.0.0' } },
];

let work: string;
let tarballs: Promise<Record<string, string>>;
const installs = new Map<string, Promise<string>>();

beforeAll(async () => {
  // Fails rather than skips: the packaging project runs after `npm run build`.
  expect(existsSync(join(ROOT, 'packages/server/dist/index.js')), 'run `npm run build` first').toBe(true);
  work = await mkdtemp(join(tmpdir(), 'northstar-host-'));
  tarballs = packWorkspaces(work);
  // Both apps install at once; each describe block awaits its own.
  for (const { express, dependencies } of HOSTS) {
    const dir = join(work, express.replace(' ', '-').toLowerCase());
    installs.set(
      express,
      tarballs.then(async (packed) => {
        await mkdir(dir);
        await installHostApp(dir, packed, dependencies);
        return dir;
      }),
    );
  }
  await Promise.allSettled(installs.values());
}, 150_000);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the packed @northstar/server', () => {
  it('declares express as a peer dependency (^4.21 || ^5), not a dependency', async () => {
    const manifest = JSON.parse(await readFile(join(ROOT, 'packages/server/package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
    expect(manifest.dependencies?.express).toBeUndefined();
    expect(manifest.peerDependencies?.express).toBe('^4.21 || ^5');
  });

  it('publishes type declarations that import nothing from express', async () => {
    for (const file of ['index.d.ts', 'index.d.cts']) {
      const declarations = await readFile(join(ROOT, 'packages/server/dist', file), 'utf8');
      const imports = declarations.split('\n').filter((line) => /from ['"]express['"]|import\(['"]express['"]\)/.test(line));
      expect(imports, file).toEqual([]);
    }
  });
});

describe.each(HOSTS)('a fresh $express app with express.json() and urlencoded() before the mount', ({ express, major }) => {
  let dir: string;
  let app: RunningHostApp;
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    dir = await installs.get(express)!;
    app = await startHostApp(dir);
  }, 150_000);
  afterAll(async () => {
    await app?.stop();
  });

  const post = (path: string, body: unknown, headers: Record<string, string>) =>
    fetch(`${app.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const count = async (event: string) => {
    const response = await post(
      '/ns/v1/api/query/events',
      { project_id: app.project_id, events: [{ name: event }], metric: 'total', interval: 'day', date_range: { start: today, end: today } },
      { Authorization: `Bearer ${app.sk}` },
    );
    expect(response.status, await response.clone().text()).toBe(200);
    const { series } = (await response.json()) as { series: { data: { value: number }[] }[] };
    return series[0]?.data[0]?.value ?? 0;
  };

  it("uses the host app's own express: one copy installed, of the host's major", async () => {
    const installed = JSON.parse(await readFile(join(dir, 'node_modules/express/package.json'), 'utf8')) as { version: string };
    expect(installed.version.split('.')[0]).toBe(String(major));
    const listed = execFileSync('npm', ['ls', 'express', '--all', '--parseable', '--silent'], { cwd: dir, encoding: 'utf8' });
    const copies = listed
      .trim()
      .split('\n')
      .filter((line) => line.endsWith('node_modules/express'));
    expect(copies).toEqual([join(dir, 'node_modules/express')]);
  });

  it('accepts a single event and a batch on /ns/v1/track, and the query counts them', async () => {
    const headers = { 'X-API-Key': app.pk };
    const single = await post('/ns/v1/track', { event_name: 'signup', user_id: 'u1', str_properties: { plan: 'pro' }, num_properties: { seats: 3 } }, headers);
    expect(single.status, await single.clone().text()).toBe(200);
    const batch = await post(
      '/ns/v1/track',
      {
        batch: [
          { event_name: 'signup', user_id: 'u2' },
          { event_name: 'signup', device_id: 'd3' },
        ],
      },
      headers,
    );
    expect(batch.status, await batch.clone().text()).toBe(200);
    expect(await count('signup')).toBe(3);
  });

  it('signs in through /ns/auth/login with an email and password', async () => {
    const response = await post('/ns/auth/login', { email: 'owner@shop.example', password: 'a long passphrase' }, {});
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toMatchObject({ access_token: expect.any(String) });
    const refused = await post('/ns/auth/login', { email: 'owner@shop.example', password: 'not the passphrase' }, {});
    expect(refused.status).toBe(401);
  });

  it('leaves the host app its own routes, and its error handler sees nothing of the router', async () => {
    expect(app.stderr()).toBe('');
    const response = await fetch(`${app.url}/`);
    expect(await response.text()).toBe('the shop');
  });

  it("type-checks a TypeScript host (app.use('/ns', createNorthstarRouter(...))) against the app's own @types/express", async () => {
    await expect(typecheckHost(dir)).resolves.toBeUndefined();
  }, 60_000);
});

/** The first `js` block of the README's section "Quickstart: mount the router in your Express app". */
async function readmeQuickstart(): Promise<string> {
  const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Quickstart: mount the router in your Express app'));
  const code = /```js\n([\s\S]*?)```/.exec(section)?.[1];
  if (!code) throw new Error('README: no js block under "Quickstart: mount the router in your Express app"');
  return code;
}

describe.each(HOSTS)("the README's mounted-router quickstart, as written, in a fresh $express app", ({ express }) => {
  it('starts, prints its project and keys, collects an event with the pk_ and answers a query with the sk_', async () => {
    const dir = await installs.get(express)!;
    await writeFile(join(dir, 'quickstart.mjs'), await readmeQuickstart());
    const port = await freePort();
    const { match, stderr, stop } = await startScript(dir, 'quickstart.mjs', /project (\d+): pk (pk_\S+) sk (sk_\S+)/, { PORT: String(port) });
    try {
      const [, projectId, pk, sk] = match as unknown as [string, string, string, string];
      const url = `http://127.0.0.1:${port}`;
      await waitForPort(port);
      const tracked = await fetch(`${url}/ns/v1/track`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-API-Key': pk },
        body: JSON.stringify({ event_name: 'signup', user_id: 'u1' }),
      });
      expect(tracked.status, await tracked.clone().text()).toBe(200);
      const today = new Date().toISOString().slice(0, 10);
      const query = { project_id: Number(projectId), events: [{ name: 'signup' }], metric: 'total', interval: 'day', date_range: { start: today, end: today } };
      const answer = await fetch(`${url}/ns/v1/api/query/events`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${sk}` },
        body: JSON.stringify(query),
      });
      expect(answer.status, await answer.clone().text()).toBe(200);
      expect(((await answer.json()) as { series: { data: { value: number }[] }[] }).series[0]?.data[0]?.value).toBe(1);
      expect(await (await fetch(`${url}/`)).text()).toBe('My shop');
      // Nothing on stderr but the documented warning of a router without `jwtSecret`.
      expect(
        stderr()
          .split('\n')
          .filter((line) => line !== '' && !line.startsWith('[northstar] jwtSecret is not set')),
      ).toEqual([]);
    } finally {
      await stop();
    }
  }, 60_000);
});
