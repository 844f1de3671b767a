import { z } from 'zod';
import {
  errorBodySchema,
  eventQuerySchema,
  queryResponseSchema,
  trackBodySchema,
  trackResponseSchema,
} from '../schemas/index.js';

type JsonObject = Record<string, unknown>;

function schema(type: z.ZodType, io: 'input' | 'output'): JsonObject {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(type, { io, unrepresentable: 'any' }) as JsonObject;
  return rest;
}

function json(type: z.ZodType, description: string, io: 'input' | 'output' = 'output'): JsonObject {
  return { description, content: { 'application/json': { schema: schema(type, io) } } };
}

const errors = (...statuses: number[]): JsonObject =>
  Object.fromEntries(statuses.map((status) => [String(status), json(errorBodySchema, `Error (${status})`)]));

const script = (description: string): JsonObject => ({
  200: { description, content: { 'text/javascript': { schema: { type: 'string' } } } },
  304: { description: 'Not modified (ETag matched)' },
  ...errors(503),
});

function queryOperation(summary: string): JsonObject {
  return {
    post: {
      summary,
      security: [{ secretKey: [] }],
      requestBody: { required: true, content: { 'application/json': { schema: schema(eventQuerySchema, 'input') } } },
      responses: { 200: json(queryResponseSchema, 'One zero-filled series per requested event, in request order'), ...errors(400, 401, 403, 413, 415) },
    },
  };
}

/** OpenAPI 3.1 description of every route of the router; paths are relative to where it is mounted. */
export function buildOpenApiDocument(): JsonObject {
  const trackBody = schema(trackBodySchema, 'input');
  return {
    openapi: '3.1.0',
    info: { title: 'Northstar API', version: '0.1.0' },
    components: {
      securitySchemes: {
        sdkKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'pk_ key; also Authorization: Bearer pk_... or the body field api_key' },
        secretKey: { type: 'http', scheme: 'bearer', description: 'sk_ key holding the needed scope (admin implies all)' },
      },
    },
    paths: {
      '/v1/track': {
        post: {
          summary: 'Ingest one event or a batch',
          security: [{ sdkKey: [] }],
          requestBody: { required: true, content: { 'application/json': { schema: trackBody }, 'text/plain': { schema: trackBody } } },
          responses: { 200: json(trackResponseSchema, 'Valid events stored; invalid ones reported by index'), ...errors(400, 401, 413, 415) },
        },
      },
      '/v1/api/query/events': queryOperation('Count events per day'),
      '/v1/query/events': queryOperation('Alias of /v1/api/query/events'),
      '/v1/openapi.json': { get: { summary: 'This document', responses: { 200: { description: 'OpenAPI 3.1 document' } } } },
      '/sdk/northstar.js': { get: { summary: 'Latest browser SDK, minified', responses: script('Cached 5 minutes') } },
      '/sdk/northstar.debug.js': { get: { summary: 'Latest browser SDK, readable with debug logging', responses: script('Cached 5 minutes') } },
      '/sdk/{version}/northstar.min.js': {
        get: {
          summary: 'Browser SDK of one version, minified',
          parameters: [{ name: 'version', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { ...script('Immutable'), ...errors(404, 503) },
        },
      },
      '/sdk/integrity.json': {
        get: {
          summary: 'Path and Subresource Integrity hash of the pinned SDK script',
          responses: {
            200: {
              description: '`{ version, path, integrity }`, e.g. integrity `sha384-...`',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['version', 'path', 'integrity'],
                    properties: { version: { type: 'string' }, path: { type: 'string' }, integrity: { type: 'string' } },
                  },
                },
              },
            },
            ...errors(503),
          },
        },
      },
    },
  };
}
