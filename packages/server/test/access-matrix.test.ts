/**
 * The authorization matrix: EVERY route of `allRoutes` (read from the source, so routes added later are
 * covered without touching this file) × every kind of credential, against the rules of docs/access.md:
 *
 * | route access  | none, malformed, expired JWT, sk_ in X-API-Key | JWT non-member | JWT of a role            | pk_       | sk_ of a scope         | sk_ of another project |
 * | sdk_key       | 401                                            | 401            | 401                      | allowed   | 401                    | 401                    |
 * | account       | 401                                            | allowed        | allowed                  | 403       | 403                    | 403                    |
 * | project:scope | 401                                            | 403            | allowed if role has scope| 403       | allowed if scope ≥ it  | 403                    |
 * | public, embed | the same answer whatever the credential (credentials are ignored)                                         |
 *
 * Scopes are ordered query < read < write < admin (spec 4: "query scope or higher"); each implies the
 * ones below it. Roles: viewer = query + read, member = + write, admin and owner = everything. "Allowed" means neither
 * 401 nor 403 nor 5xx, and 2xx where a valid request is known: the body schema declares an example
 * (`.meta({ examples })`) or the route takes no body, and every path parameter names an object that
 * exists (`:projectId` the test project, `:accountId` a member, `:id` an object made through the sibling
 * POST route with its example). Each credential of a route that is not a GET gets fresh storage, so
 * deleting routes cannot affect the next caller's answer.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { RequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { createAccessTokenService, createApiKey, createNorthstarRouter, hashPassword } from '@northstar/server';
import type { MemberRole, StorageAdapter } from '@northstar/server';
import type { SecretKeyScope } from '@northstar/core';
import { accessTable } from '../src/access/access-table.js';
import { createServerContext } from '../src/http/router.js';
import { allRoutes } from '../src/http/routes/all-routes.js';
import type { RouteDefinition } from '../src/http/routes/route-definition.js';
import { FAST_SCRYPT, PASSWORD, TEST_JWT_SECRET, call } from './support/accounts.js';

const ROLES = ['viewer', 'member', 'admin', 'owner'] as const satisfies readonly MemberRole[];
const SCOPES = ['query', 'read', 'write', 'admin'] as const satisfies readonly SecretKeyScope[];
/** The rule this test holds the server to, written independently of `ROLE_SCOPES`. */
const ROLE_GRANTS: Record<MemberRole, readonly SecretKeyScope[]> = {
  viewer: ['query', 'read'],
  member: ['query', 'read', 'write'],
  admin: SCOPES,
  owner: SCOPES,
};

type Credential =
  | 'none'
  | 'malformed bearer'
  | 'expired JWT'
  | 'JWT of a non-member'
  | `JWT of a ${MemberRole}`
  | 'pk_'
  | `sk_ ${SecretKeyScope}`
  | 'sk_ of another project'
  | 'sk_ admin in X-API-Key';
const CREDENTIALS: Credential[] = [
  'none',
  'malformed bearer',
  'expired JWT',
  'JWT of a non-member',
  ...ROLES.map((role) => `JWT of a ${role}` as const),
  'pk_',
  ...SCOPES.map((scope) => `sk_ ${scope}` as const),
  'sk_ of another project',
  'sk_ admin in X-API-Key',
];

/** What the table says about one credential on one route: 'same' means "whatever everyone else gets". */
function expected(route: RouteDefinition, credential: Credential): 'allowed' | 401 | 403 | 'same' {
  const { access } = route;
  if (access.kind === 'public' || access.kind === 'embed_token') return 'same';
  if (credential === 'none' || credential === 'malformed bearer' || credential === 'expired JWT' || credential === 'sk_ admin in X-API-Key') return 401;
  if (access.kind === 'sdk_key') return credential === 'pk_' ? 'allowed' : 401;
  if (access.kind === 'account') return credential.startsWith('JWT') ? 'allowed' : 403;
  if (credential.startsWith('JWT of a ') && credential !== 'JWT of a non-member') {
    return ROLE_GRANTS[credential.slice('JWT of a '.length) as MemberRole].includes(access.scope) ? 'allowed' : 403;
  }
  if (credential.startsWith('sk_ ') && credential !== 'sk_ of another project') {
    const scope = credential.slice(4) as SecretKeyScope;
    return SCOPES.indexOf(scope) >= SCOPES.indexOf(access.scope) ? 'allowed' : 403;
  }
  return 403;
}

/** Valid bodies of routes whose schemas declare no example (yet), or whose example names an object of the fixture. */
const KNOWN_BODIES: Record<string, (fixture: Pick<Fixture, 'projectId' | 'dashboardId'>) => unknown> = {
  'post /v1/track': () => ({ event_name: 'matrix', device_id: 'device-1' }),
  'post /v1/projects/:projectId/embeds': ({ dashboardId }) => ({ dashboard_id: dashboardId, widget_id: 'signups' }),
  'post /v1/api/query/events': ({ projectId: project_id }) => ({
    project_id,
    events: [{ name: 'x' }],
    metric: 'uniq',
    date_range: { start: '2024-05-01', end: '2024-05-01' },
    interval: 'day',
  }),
  'post /v1/query/events': ({ projectId: project_id }) => ({
    project_id,
    events: [{ name: 'x' }],
    metric: 'uniq',
    date_range: { start: '2024-05-01', end: '2024-05-01' },
    interval: 'day',
  }),
};

function exampleBody(route: RouteDefinition, fixture: Fixture): unknown {
  const known = KNOWN_BODIES[`${route.method} ${route.path}`];
  if (known) return known(fixture);
  if (!route.body) return undefined;
  const examples = (z.toJSONSchema(route.body.schema, { io: 'input', unrepresentable: 'any' }) as { examples?: unknown[] }).examples;
  return examples?.[0];
}

interface Fixture {
  /** Sent as `X-Matrix-Fixture` with every request of the pair. */
  tag: string;
  storage: StorageAdapter;
  projectId: number;
  /** A viewer of the project, for `:accountId`. */
  memberId: number;
  /** A dashboard of the project with the widget `signups`, for the embed tokens' bodies. */
  dashboardId: number;
  headers: Record<Credential, Record<string, string>>;
}

let passwordHash: string;
const ROUTER_OPTIONS = { jwtSecret: TEST_JWT_SECRET, passwordHashCost: FAST_SCRYPT, logger: { error: () => {} } };

async function createFixture(): Promise<Fixture> {
  const storage = createMemoryStorage();
  const { config } = storage;
  const project = await config.createProject({ name: 'Matrix', plan: 'enterprise' });
  const other = await config.createProject({ name: 'Elsewhere', plan: 'enterprise' });
  const account = async (email: string, role?: MemberRole) => {
    const created = await config.createAccount({ email, password_hash: passwordHash });
    if (role) await config.addMembership({ account_id: created.id, project_id: project.id, role });
    return created;
  };
  const now = Date.now();
  const tokens = createAccessTokenService({ secret: new TextEncoder().encode(TEST_JWT_SECRET), clock: () => now });
  const expiredTokens = createAccessTokenService({ secret: new TextEncoder().encode(TEST_JWT_SECRET), clock: () => now - 16 * 60_000 });
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const key = async (projectId: number, kind: 'pk' | 'sk', scopes: SecretKeyScope[] = []) => (await createApiKey(config, { projectId, kind, scopes })).key;

  const headers: Partial<Record<Credential, Record<string, string>>> = {
    none: {},
    'malformed bearer': bearer('not-a-valid-token'),
    'expired JWT': bearer(await expiredTokens.sign((await account('expired@example.com', 'owner')).id)),
    'JWT of a non-member': bearer(await tokens.sign((await account('outsider@example.com')).id)),
    pk_: { 'X-API-Key': await key(project.id, 'pk') },
    'sk_ of another project': bearer(await key(other.id, 'sk', ['admin'])),
    // Application routes read secret keys from Authorization: Bearer only.
    'sk_ admin in X-API-Key': { 'X-API-Key': await key(project.id, 'sk', ['admin']) },
  };
  for (const role of ROLES) headers[`JWT of a ${role}`] = bearer(await tokens.sign((await account(`${role}@example.com`, role)).id));
  for (const scope of SCOPES) headers[`sk_ ${scope}`] = bearer(await key(project.id, 'sk', [scope]));
  const member = await account('target@example.com', 'viewer');
  const widget = {
    id: 'signups',
    title: 'Signups',
    type: 'line',
    query: { events: [{ name: 'x' }], metric: 'total', date_range: { start: '2024-05-01', end: '2024-05-01' }, interval: 'day' },
  };
  const dashboard = await config.createDocument({ project_id: project.id, kind: 'dashboard', data: { name: 'Matrix', widgets: [widget] } });
  const tag = String((nextFixture += 1));
  const tagged = {} as Record<Credential, Record<string, string>>;
  for (const credential of CREDENTIALS) tagged[credential] = { ...headers[credential], 'X-Matrix-Fixture': tag };
  return { tag, storage, projectId: project.id, memberId: member.id, dashboardId: dashboard.id, headers: tagged };
}

/** One host app for every fixture: `X-Matrix-Fixture` picks the router of a (route, credential) pair. */
const routers = new Map<string, RequestHandler>();
let nextFixture = 0;
let url: string;
let close: () => Promise<void>;
let routes: RouteDefinition[];

beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD, FAST_SCRYPT);
  routes = allRoutes(createServerContext({ storage: createMemoryStorage(), ...ROUTER_OPTIONS }), '0.0.0');
  const app = express();
  app.use((req, res, next) => {
    const router = routers.get(req.get('x-matrix-fixture') ?? '');
    if (router) router(req, res, next);
    else res.status(500).json({ error: 'no fixture' });
  });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(() => close());

/** The path with its parameters filled; `resolved` is false when one names nothing known to exist. */
async function fillPath(route: RouteDefinition, fixture: Fixture): Promise<{ path: string; resolved: boolean }> {
  let resolved = true;
  let path = route.path;
  for (const [, name] of route.path.matchAll(/:(\w+)/g)) {
    let value: string | undefined;
    if (name === 'projectId') value = String(fixture.projectId);
    else if (name === 'accountId') value = String(fixture.memberId);
    else value = await createSibling(route, name!, fixture);
    if (value === undefined) {
      resolved = false;
      value = name === 'id' || name!.endsWith('Id') ? '999999' : 'unknown';
    }
    path = path.replace(`:${name}`, encodeURIComponent(value));
  }
  return { path, resolved };
}

/** An object for `:name` made by the POST route of the collection before it, with that route's example body. */
async function createSibling(route: RouteDefinition, name: string, fixture: Fixture): Promise<string | undefined> {
  const collection = route.path.slice(0, route.path.indexOf(`/:${name}`));
  const creator = routes.find((candidate) => candidate.method === 'post' && candidate.path === collection);
  const body = creator && exampleBody(creator, fixture);
  if (!creator || body === undefined || collection.includes('/:id')) return undefined;
  const res = await call(url, 'POST', collection.replace(':projectId', String(fixture.projectId)), { body, headers: fixture.headers['sk_ admin'] });
  const id = (res.body as { id?: unknown }).id;
  return res.status >= 200 && res.status < 300 && (typeof id === 'number' || typeof id === 'string') ? String(id) : undefined;
}

function wants2xx(route: RouteDefinition, resolved: boolean, body: unknown): boolean {
  if (route.access.kind === 'public' || route.access.kind === 'embed_token' || !resolved) return false;
  if (route.query && !route.query.safeParse({}).success) return false;
  return !route.body || body !== undefined;
}

interface Answer {
  status: number;
  text: string;
  /** A valid request was made: an allowed caller must get 2xx. */
  strict: boolean;
}

/** Runs `use` with a fresh fixture served by its own router, then drops both. */
async function withFixture<T>(use: (fixture: Fixture) => Promise<T>): Promise<T> {
  const fixture = await createFixture();
  routers.set(fixture.tag, createNorthstarRouter({ storage: fixture.storage, ...ROUTER_OPTIONS }));
  try {
    return await use(fixture);
  } finally {
    routers.delete(fixture.tag);
    await fixture.storage.dispose();
  }
}

async function answer(route: RouteDefinition, credential: Credential, fixture: Fixture): Promise<Answer> {
  const { path, resolved } = await fillPath(route, fixture);
  const example = exampleBody(route, fixture);
  let body = example;
  if (route.access.kind === 'project' && route.access.projectFrom === 'body') body = { ...(example as object), project_id: fixture.projectId };
  if (route.body && body === undefined) body = {};
  const res = await call(url, route.method.toUpperCase(), path, { body, headers: fixture.headers[credential] });
  return { status: res.status, text: res.text.slice(0, 200), strict: wants2xx(route, resolved, example) };
}

/**
 * Every credential's answer. A GET changes nothing, so its credentials share one fixture; any other
 * method gets a fresh fixture per credential, so that one caller's delete cannot change the next one's answer.
 */
function answersOf(route: RouteDefinition): Promise<Answer[]> {
  if (route.method === 'get') return withFixture((fixture) => Promise.all(CREDENTIALS.map((credential) => answer(route, credential, fixture))));
  return Promise.all(CREDENTIALS.map((credential) => withFixture((fixture) => answer(route, credential, fixture))));
}

describe('the authorization matrix', () => {
  it('covers the application routes of this issue at least', () => {
    const paths = routes.map((route) => `${route.method} ${route.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'post /auth/login',
        'get /v1/projects',
        'delete /v1/projects/:projectId',
        'post /v1/projects/:projectId/api-keys/:id/rotate',
        'post /v1/track',
        'get /v1/projects/:projectId/replays',
        'get /v1/projects/:projectId/replays/:sessionId/chunks',
      ]),
    );
  });

  it.each(routesForNames())(
    '%s answers every credential as docs/access.md says',
    async (_name, index) => {
      const route = routes[index]!;
      const problems: string[] = [];
      const answers = new Map<Credential, number>();
      const results = await answersOf(route);
      for (const [i, credential] of CREDENTIALS.entries()) {
        const { status, text, strict } = results[i]!;
        answers.set(credential, status);
        const rule = expected(route, credential);
        const wrong =
          rule === 401 || rule === 403
            ? status !== rule
            : rule === 'allowed'
              ? status === 401 || status === 403 || status >= 500 || (strict && (status < 200 || status > 299))
              : status >= 500 || ((status === 401 || status === 403) && !(route.errors ?? []).includes(status));
        if (wrong) problems.push(`${credential}: expected ${rule === 'allowed' && strict ? '2xx' : rule}, got ${status} ${text}`);
      }
      if (expected(route, 'none') === 'same' && new Set(answers.values()).size > 1)
        problems.push(`credentials changed the answer: ${JSON.stringify(Object.fromEntries(answers))}`);
      expect(problems).toEqual([]);
    },
    120_000,
  );
});

/** `[name, index]` rows for it.each, computed when the file is collected (routes need no I/O to list). */
function routesForNames(): [string, number][] {
  const listed = allRoutes(createServerContext({ storage: createMemoryStorage(), ...ROUTER_OPTIONS }), '0.0.0');
  return listed.map((route, index) => [`${route.method.toUpperCase()} ${route.path}`, index]);
}

describe('docs/access.md', () => {
  it('is the table generated from the routes (UPDATE_DOCS=1 rewrites it)', async () => {
    const file = new URL('../../../docs/access.md', import.meta.url);
    const generated = accessTable(routes);
    if (process.env.UPDATE_DOCS === '1') await writeFile(file, generated);
    const written = await readFile(file, 'utf8').catch(() => '');
    expect(written, 'docs/access.md is out of date: run UPDATE_DOCS=1 npx vitest run --project unit packages/server/test/access-matrix.test.ts').toBe(
      generated,
    );
  });
});
