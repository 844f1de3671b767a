import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { RequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorHandler } from '../src/http/error-handler.js';
import { defineRoute } from '../src/http/routes/route-definition.js';
import type { RouteDefinition } from '../src/http/routes/route-definition.js';
import { routeHandler } from '../src/http/routes/route-input.js';
import { pathIdParam } from '../src/schemas/path-params.js';

const itemParams = z.object({ id: pathIdParam((raw) => `No item ${raw}`) });
const pageQuery = z.object({ limit: z.coerce.number().int().min(1, 'limit must be at least 1').default(10) });
const itemBody = z.object({ name: z.string({ error: 'name must be a string' }) });
const common = { tag: 'Test', access: { kind: 'public' }, responses: { 200: { description: 'ok' } } } as const;

const routes: RouteDefinition[] = [
  defineRoute({
    ...common,
    method: 'put',
    path: '/items/:id',
    summary: 'Checks query, then path, then body',
    params: itemParams,
    query: pageQuery,
    body: { schema: itemBody },
    handler: ({ params, query, body }, _req, res) => {
      res.json({ id: params.id, limit: query.limit, name: body.name });
    },
  }),
  defineRoute({
    ...common,
    method: 'patch',
    path: '/late/:id',
    summary: 'Checks the body before the path',
    params: itemParams,
    body: { schema: itemBody },
    paramsAfterBody: true,
    handler: ({ params, body }, _req, res) => {
      res.json({ id: params.id, name: body.name });
    },
  }),
  defineRoute({
    ...common,
    method: 'post',
    path: '/json-only',
    summary: 'Refuses text/plain',
    body: { schema: itemBody, jsonOnly: true },
    handler: ({ body }, _req, res) => {
      res.json(body);
    },
  }),
  defineRoute({
    ...common,
    method: 'post',
    path: '/raw',
    summary: 'Reads its own body',
    body: { schema: itemBody, read: 'raw', decode: () => Promise.resolve({ name: 'decoded' }) },
    handler: ({ body }, _req, res) => {
      res.json(body);
    },
  }),
];

const readText: RequestHandler = express.text({ type: 'text/plain' });

let server: Server;
let url: string;
beforeAll(async () => {
  const app = express();
  for (const route of routes) app[route.method](route.path, express.json(), readText, routeHandler(route));
  app.use(errorHandler({ error: () => {} }));
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function send(method: string, path: string, body?: string, type = 'application/json'): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${url}${path}`, { method, ...(body !== undefined && { body, headers: { 'Content-Type': type } }) });
  return { status: res.status, body: await res.json() };
}

describe('defineRoute', () => {
  it('hands the handler its parsed path parameters, query and body', async () => {
    expect(await send('PUT', '/items/7?limit=3', '{"name":"a"}')).toEqual({ status: 200, body: { id: 7, limit: 3, name: 'a' } });
    expect(await send('PUT', '/items/7', '{"name":"a"}')).toEqual({ status: 200, body: { id: 7, limit: 10, name: 'a' } });
  });

  it('answers a query that fails its schema with 400, before looking at the path or the body', async () => {
    expect(await send('PUT', '/items/x?limit=0', '[]')).toEqual({ status: 400, body: { error: 'limit must be at least 1' } });
  });

  it('answers a path parameter that fails its schema with 404 and the schema message, before the body', async () => {
    expect(await send('PUT', '/items/007', '[]')).toEqual({ status: 404, body: { error: 'No item 007' } });
    expect(await send('PUT', '/items/99999999999', '{"name":"a"}')).toEqual({ status: 404, body: { error: 'No item 99999999999' } });
  });

  it('answers a body that fails its schema with 400 naming the field', async () => {
    expect(await send('PUT', '/items/7', '{"name":1}')).toEqual({ status: 400, body: { error: 'name must be a string' } });
  });

  it('checks the body before the path where the route says so', async () => {
    expect(await send('PATCH', '/late/x', '{"name":1}')).toEqual({ status: 400, body: { error: 'name must be a string' } });
    expect(await send('PATCH', '/late/x', '{"name":"a"}')).toEqual({ status: 404, body: { error: 'No item x' } });
  });

  it('refuses a body that is not application/json with 415 where the route takes JSON only', async () => {
    expect(await send('POST', '/json-only', '{"name":"a"}', 'text/plain')).toEqual({ status: 415, body: { error: 'Content-Type must be application/json' } });
    expect(await send('POST', '/json-only', '{"name":"a"}')).toEqual({ status: 200, body: { name: 'a' } });
  });

  it('validates what a raw route decoded', async () => {
    expect(await send('POST', '/raw', 'ignored', 'application/octet-stream')).toEqual({ status: 200, body: { name: 'decoded' } });
  });
});
