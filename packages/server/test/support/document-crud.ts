import { beforeEach, afterEach, expect, it } from 'vitest';
import { createApiKey } from '@northstar/server';
import type { DocumentKind } from '@northstar/server';
import type { SecretKeyScope } from '@northstar/core';
import { startTestServer } from './test-server.js';
import type { TestServer, TestServerOptions } from './test-server.js';

/** A parsed JSON body, typed for the fields tests read most; the rest are `unknown`. */
export interface ApiBody {
  [field: string]: unknown;
  id: number;
  version: number;
  error: string;
  items: ApiBody[];
  next: number | string | null;
}

export interface ApiResponse {
  status: number;
  body: ApiBody;
  headers: Headers;
}

const allScopeKeys = new WeakMap<TestServer, string>();

/** A test server whose requests through `call` carry a new all-scope `sk_` key of the demo project. */
export async function startResourceServer(options: TestServerOptions = {}): Promise<TestServer> {
  const api = await startTestServer({ allowPrivateWebhookUrls: true, ...options });
  const { key } = await createApiKey(api.storage.config, { projectId: api.demo.project_id, kind: 'sk', scopes: ['query', 'read', 'write', 'admin'] });
  allScopeKeys.set(api, key);
  return api;
}

/** A request to the test server: JSON in and out, with the all-scope key of `startResourceServer` unless `headers` has one. */
export async function call(api: TestServer, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse> {
  const response = await fetch(`${api.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${allScopeKeys.get(api) ?? api.demo.sk}`, ...(body !== undefined && { 'Content-Type': 'application/json' }), ...headers },
    ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    // not JSON: the test sees the text
  }
  return { status: response.status, body: parsed as ApiBody, headers: response.headers };
}

/** A new `sk_` key of the demo project with exactly these scopes, as an Authorization header. */
export async function keyWith(api: TestServer, scopes: SecretKeyScope[]): Promise<Record<string, string>> {
  const { key } = await createApiKey(api.storage.config, { projectId: api.demo.project_id, kind: 'sk', scopes });
  return { Authorization: `Bearer ${key}` };
}

export interface DocumentCrudSpec {
  /** Path segment, e.g. `dashboards`. */
  segment: string;
  kind: DocumentKind;
  /** The nth valid creation body (distinct keys where the kind has keys). */
  valid(n: number): Record<string, unknown>;
  /** A PATCH body and what the resource holds afterwards. */
  patch: { body: Record<string, unknown>; expect: Record<string, unknown> };
  /** Bodies refused with 400, each with a part of the expected message. */
  invalid: { body: unknown; error: string }[];
  server?: TestServerOptions;
}

/**
 * The behaviour every document resource shares: create, get, list pages, PUT and PATCH with optimistic
 * versions, delete, 404 across projects and kinds, 400 on invalid bodies, and scopes. Call inside a
 * `describe`; it starts its own server per test.
 */
export function itBehavesAsADocumentResource(spec: DocumentCrudSpec): { api: () => TestServer } {
  let api: TestServer;
  beforeEach(async () => {
    api = await startResourceServer(spec.server);
  });
  afterEach(() => api.close());
  const base = () => `/v1/projects/${api.demo.project_id}/${spec.segment}`;
  const create = async (n: number) => {
    const res = await call(api, 'POST', base(), spec.valid(n));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };

  it('creates with 201 at version 1 (Location, ETag) and reads the same resource back', async () => {
    const res = await call(api, 'POST', base(), spec.valid(1));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      project_id: api.demo.project_id,
      version: 1,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(res.headers.get('location')).toBe(`${base()}/${res.body.id}`);
    expect(res.headers.get('etag')).toBe('"1"');
    const read = await call(api, 'GET', `${base()}/${res.body.id}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('etag')).toBe('"1"');
    const { secret: _shownOnce, ...created } = res.body;
    expect(read.body).toEqual(created);
  });

  it('lists in pages of `limit`, passing `next` as `after` until it is null', async () => {
    const ids = [(await create(1)).id, (await create(2)).id, (await create(3)).id];
    const first = await call(api, 'GET', `${base()}?limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.items.map((item) => item.id)).toEqual(ids.slice(0, 2));
    const second = await call(api, 'GET', `${base()}?limit=2&after=${String(first.body.next)}`);
    expect(second.body).toMatchObject({ items: [{ id: ids[2] }], next: null });
    expect((await call(api, 'GET', `${base()}?limit=0`)).status).toBe(400);
    expect((await call(api, 'GET', `${base()}?after=x`)).status).toBe(400);
  });

  it('changes fields with PATCH and replaces with PUT, one version at a time', async () => {
    const created = await create(1);
    const patched = await call(api, 'PATCH', `${base()}/${created.id}`, { ...spec.patch.body, version: 1 });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({ ...spec.patch.expect, version: 2 });
    expect(patched.headers.get('etag')).toBe('"2"');
    const replaced = await call(api, 'PUT', `${base()}/${created.id}`, spec.valid(1), { 'If-Match': '"2"' });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body.version).toBe(3);
  });

  it('answers 409 to an update naming a stale version, and keeps the stored resource', async () => {
    const created = await create(1);
    expect((await call(api, 'PATCH', `${base()}/${created.id}`, { ...spec.patch.body, version: 1 })).status).toBe(200);
    const stale = await call(api, 'PUT', `${base()}/${created.id}`, { ...spec.valid(1), version: 1 });
    expect(stale).toMatchObject({ status: 409, body: { error: expect.stringContaining('version') } });
    expect((await call(api, 'PATCH', `${base()}/${created.id}`, spec.patch.body, { 'If-Match': '"1"' })).status).toBe(409);
    expect((await call(api, 'GET', `${base()}/${created.id}`)).body.version).toBe(2);
  });

  it('answers 400 to an update without a version', async () => {
    const created = await create(1);
    expect(await call(api, 'PATCH', `${base()}/${created.id}`, spec.patch.body)).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining('version') },
    });
  });

  it('deletes with 204, after which get, update and delete answer 404', async () => {
    const created = await create(1);
    const removed = await call(api, 'DELETE', `${base()}/${created.id}`);
    expect(removed.status).toBe(204);
    expect(removed.body).toBeUndefined();
    expect((await call(api, 'GET', `${base()}/${created.id}`)).status).toBe(404);
    expect((await call(api, 'PATCH', `${base()}/${created.id}`, { ...spec.patch.body, version: 1 })).status).toBe(404);
    expect((await call(api, 'DELETE', `${base()}/${created.id}`)).status).toBe(404);
  });

  it("answers 404 for another project's resource, a document of another kind, and ids that cannot exist", async () => {
    const other = await api.storage.config.createProject({ name: 'Other', plan: 'free' });
    const foreign = await api.storage.config.createDocument({ project_id: other.id, kind: spec.kind, data: { name: 'theirs' } });
    const otherKind = await api.storage.config.createDocument({
      project_id: api.demo.project_id,
      kind: spec.kind === 'segment' ? 'dashboard' : 'segment',
      data: {},
    });
    for (const id of [foreign.id, otherKind.id, 999999, 'abc', '1.5', '0']) {
      expect((await call(api, 'GET', `${base()}/${id}`)).status, String(id)).toBe(404);
    }
    expect((await call(api, 'DELETE', `${base()}/${foreign.id}`)).status).toBe(404);
    expect(await api.storage.config.getDocument({ projectId: other.id, kind: spec.kind, id: foreign.id })).toBeDefined();
  });

  it('answers 400 to invalid bodies, unknown fields and non-objects', async () => {
    for (const { body, error } of spec.invalid) {
      const res = await call(api, 'POST', base(), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toContain(error);
    }
    expect(await call(api, 'POST', base(), { ...spec.valid(1), colour: 'red' })).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining('colour') },
    });
    for (const body of ['[]', 'null', '"x"', '{"broken"']) expect((await call(api, 'POST', base(), body)).status, body).toBe(400);
  });

  it('lets a write-scope key create and change but not delete (403), and a read-scope key only read (403 on POST)', async () => {
    const writer = await keyWith(api, ['write']);
    const reader = await keyWith(api, ['read']);
    const created = await call(api, 'POST', base(), spec.valid(1), writer);
    expect(created.status).toBe(201);
    expect((await call(api, 'DELETE', `${base()}/${created.body.id}`, undefined, writer)).status).toBe(403);
    expect((await call(api, 'POST', base(), spec.valid(2), reader)).status).toBe(403);
    expect((await call(api, 'PATCH', `${base()}/${created.body.id}`, { ...spec.patch.body, version: 1 }, reader)).status).toBe(403);
    expect((await call(api, 'GET', `${base()}/${created.body.id}`, undefined, reader)).status).toBe(200);
    expect((await call(api, 'DELETE', `${base()}/${created.body.id}`, undefined, await keyWith(api, ['admin']))).status).toBe(204);
  });

  it('answers 401 without a key', async () => {
    expect((await call(api, 'GET', base(), undefined, { Authorization: '' })).status).toBe(401);
  });

  return { api: () => api };
}
