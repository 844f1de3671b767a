import type { z } from 'zod';
import type { RouteAccess } from '../access/route-access.js';
import { errorBodySchema } from '../schemas/index.js';
import { createSchemaConverter } from './openapi-schema.js';
import type { SchemaConverter } from './openapi-schema.js';
import type { ResponseDoc, RouteDefinition } from './routes/route-definition.js';

type JsonObject = Record<string, unknown>;

type Convert = SchemaConverter['convert'];

function response(doc: ResponseDoc, schema: Convert): JsonObject {
  const text = Object.fromEntries((doc.alsoContentTypes ?? []).map((type) => [type, { schema: { type: 'string' } }]));
  if (!doc.schema)
    return doc.contentType
      ? { description: doc.description, content: { [doc.contentType]: { schema: { type: 'string' } }, ...text } }
      : { description: doc.description };
  return { description: doc.description, content: { [doc.contentType ?? 'application/json']: { schema: schema(doc.schema, 'output') }, ...text } };
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid JSON or missing required fields',
  401: 'Credential absent or invalid',
  403: 'No access to the project, or scope/role insufficient',
  404: 'Not found, or not visible to the caller',
  409: 'Uniqueness or version conflict',
  413: 'Body or batch too large',
  415: 'Unsupported content type or encoding',
  429: 'Rate limit exhausted; Retry-After carries seconds',
  503: 'Storage unavailable; Retry-After carries seconds',
};

/** Error statuses a route's access rule, limit and body imply, besides its own. */
export function errorStatuses(route: RouteDefinition): number[] {
  const implied: Record<RouteAccess['kind'], number[]> = { public: [], sdk_key: [401], account: [401, 403], project: [401, 403], embed_token: [401] };
  const statuses = new Set([...(route.errors ?? []), ...implied[route.access.kind], 503]);
  if (route.limit) statuses.add(429);
  if (route.body) [400, 413, 415].forEach((status) => statuses.add(status));
  if (route.query) statuses.add(400);
  return [...statuses].sort((a, b) => a - b);
}

function security(access: RouteAccess): JsonObject[] {
  switch (access.kind) {
    case 'public':
    case 'embed_token':
      return [];
    case 'sdk_key':
      return [{ sdkKey: [] }];
    case 'account':
      return [{ accessToken: [] }];
    case 'project':
      return [{ secretKey: [access.scope] }, { accessToken: [access.scope] }];
  }
}

/** Path parameters named like ids that are strings: a tracked user's id is whatever the SDK sent. */
const STRING_ID_PARAMS: ReadonlySet<string> = new Set(['userId']);

/** `/v1/projects/:projectId` → `/v1/projects/{projectId}`, with its path parameters. */
export function openApiPath(path: string): { path: string; parameters: JsonObject[] } {
  const parameters: JsonObject[] = [];
  const converted = path.replace(/:(\w+)/g, (_match, name: string) => {
    const isId = (name === 'id' || name.endsWith('Id')) && !STRING_ID_PARAMS.has(name);
    parameters.push({ name, in: 'path', required: true, schema: isId ? { type: 'integer', minimum: 1 } : { type: 'string' } });
    return `{${name}}`;
  });
  return { path: converted, parameters };
}

function queryParameters(type: z.ZodType | undefined, schema: Convert): JsonObject[] {
  if (!type) return [];
  const json = schema(type, 'input') as { properties?: Record<string, JsonObject>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: property,
  }));
}

function operation(route: RouteDefinition, schema: Convert): JsonObject {
  const { parameters } = openApiPath(route.path);
  const responses: JsonObject = Object.fromEntries(Object.entries(route.responses).map(([status, doc]) => [status, response(doc, schema)]));
  for (const status of errorStatuses(route)) {
    responses[String(status)] ??= {
      description: ERROR_DESCRIPTIONS[status] ?? 'Error',
      content: { 'application/json': { schema: schema(errorBodySchema, 'output') } },
    };
  }
  const body = route.body && {
    required: true,
    content: Object.fromEntries((route.body.contentTypes ?? ['application/json']).map((type) => [type, { schema: schema(route.body!.schema, 'input') }])),
  };
  return {
    summary: route.summary,
    tags: [route.tag],
    operationId: `${route.method}${openApiPath(route.path).path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    security: security(route.access),
    ...(route.access.kind === 'project' && { 'x-northstar-scope': route.access.scope }),
    ...(parameters.length + (route.query ? 1 : 0) > 0 && { parameters: [...parameters, ...queryParameters(route.query, schema)] }),
    ...(body && { requestBody: body }),
    responses,
  };
}

/** OpenAPI 3.1 description of every route of the router; paths are relative to where it is mounted. */
export function buildOpenApiDocument(routes: RouteDefinition[], version: string): JsonObject {
  const paths: Record<string, JsonObject> = {};
  const schemas = createSchemaConverter();
  for (const route of routes) {
    const { path } = openApiPath(route.path);
    paths[path] = { ...paths[path], [route.method]: operation(route, (type, io) => schemas.convert(type, io)) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Northstar API',
      version,
      description: 'Ingestion (pk_ keys), application (JWT or sk_ keys with scopes) and SDK delivery routes. Errors are `{ "error": "..." }`.',
    },
    components: {
      schemas: schemas.components(),
      securitySchemes: {
        sdkKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-API-Key',
          description: 'pk_ key; also Authorization: Bearer pk_... or the body field api_key of /v1/track',
        },
        secretKey: { type: 'http', scheme: 'bearer', description: 'sk_ key of the project holding the scope named by the operation (admin implies all)' },
        accessToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'Access token of POST /auth/login; the member role must grant the scope (docs/access.md)',
        },
      },
    },
    paths,
  };
}
