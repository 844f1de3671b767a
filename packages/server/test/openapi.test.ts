import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SwaggerParser from '@apidevtools/swagger-parser';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { createNorthstarRouter } from '@northstar/server';
import { flagsEvaluateBodySchema, flagsEvaluateResponseSchema } from '../src/schemas/flags-evaluate.js';
import { startTestServer } from './support/test-server.js';
import { servedRoutes } from './support/served-routes.js';
import type { TestServer } from './support/test-server.js';

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { parameters?: { name: string; in: string; schema: { type: string } }[]; security?: unknown[] }>>;
}

function documentedRoutes(doc: OpenApiDocument): string[] {
  return Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method} ${path}`));
}

let api: TestServer;
let doc: OpenApiDocument;
beforeAll(async () => {
  api = await startTestServer();
  doc = (await (await fetch(`${api.url}/v1/openapi.json`)).json()) as OpenApiDocument;
});
afterAll(() => api.close());

describe('/v1/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
  });

  it('gives every operation its own operationId', () => {
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((operation) => (operation as { operationId?: string }).operationId));
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('documents every route the Express router serves', () => {
    const router = createNorthstarRouter({ storage: createMemoryStorage() });
    const served = new Set(servedRoutes(router));
    const documented = new Set(documentedRoutes(doc));
    expect([...served].filter((route) => !documented.has(route))).toEqual([]);
  });

  it('documents no route the router does not serve', () => {
    const router = createNorthstarRouter({ storage: createMemoryStorage() });
    const served = new Set(servedRoutes(router));
    expect(documentedRoutes(doc).filter((route) => !served.has(route))).toEqual([]);
  });

  it('describes the CRUD routes of every configuration resource', () => {
    const documented = documentedRoutes(doc);
    for (const segment of ['dashboards', 'segments', 'alerts', 'experiments', 'flags', 'guides', 'surveys', 'webhooks']) {
      for (const route of ['get', 'post'].map((method) => `${method} /v1/projects/{projectId}/${segment}`)) expect(documented).toContain(route);
      for (const method of ['get', 'put', 'patch', 'delete']) expect(documented).toContain(`${method} /v1/projects/{projectId}/${segment}/{id}`);
    }
    expect(documented).toEqual(
      expect.arrayContaining(['get /v1/projects/{projectId}/surveys/{id}/responses', 'get /v1/projects/{projectId}/webhooks/{id}/deliveries']),
    );
  });

  it('names the scope of each resource route: read to read, write to change, admin to delete', () => {
    const scope = (path: string, method: string) => doc.paths[path]?.[method]?.security;
    expect(scope('/v1/projects/{projectId}/dashboards', 'get')).toContainEqual({ secretKey: ['read'] });
    expect(scope('/v1/projects/{projectId}/dashboards', 'post')).toContainEqual({ secretKey: ['write'] });
    expect(scope('/v1/projects/{projectId}/dashboards/{id}', 'patch')).toContainEqual({ secretKey: ['write'] });
    expect(scope('/v1/projects/{projectId}/dashboards/{id}', 'delete')).toContainEqual({ secretKey: ['admin'] });
    expect(scope('/v1/projects/{projectId}/users/{userId}', 'delete')).toContainEqual({ secretKey: ['admin'] });
  });

  it('documents a user id in the path as a string and a document id as an integer', () => {
    const parameter = (path: string, name: string) => doc.paths[path]?.get?.parameters?.find((p) => p.name === name);
    expect(parameter('/v1/projects/{projectId}/users/{userId}', 'userId')?.schema.type).toBe('string');
    expect(parameter('/v1/projects/{projectId}/flags/{id}', 'id')?.schema.type).toBe('integer');
  });

  it('lists the /docs page and its assets as public routes', () => {
    for (const path of ['/docs', '/docs/assets/docs.js', '/docs/assets/docs.css']) {
      expect(doc.paths[path]?.get?.security, path).toEqual([]);
    }
  });

  it('gives POST /v1/flags/evaluate request and response examples that its schemas accept', () => {
    type Content = Record<string, { schema: { examples?: unknown[] } }>;
    const evaluate = doc.paths['/v1/flags/evaluate']?.post as unknown as { requestBody: { content: Content }; responses: Record<string, { content: Content }> };
    const requests = evaluate.requestBody.content['application/json']?.schema.examples ?? [];
    const responses = evaluate.responses['200']?.content['application/json']?.schema.examples ?? [];
    expect(requests.length).toBeGreaterThan(0);
    expect(responses.length).toBeGreaterThan(0);
    for (const example of requests) expect(flagsEvaluateBodySchema.safeParse(example).success, JSON.stringify(example)).toBe(true);
    for (const example of responses) expect(flagsEvaluateResponseSchema.safeParse(example).success, JSON.stringify(example)).toBe(true);
  });
});
