import { z } from 'zod';
import { buildOpenApiDocument } from '../openapi.js';
import type { RouteDefinition } from './route-definition.js';

/**
 * `/v1/openapi.json`: the description of `routes` plus itself. `routes` is read at the first request,
 * so the list may still grow after this call.
 */
export function metaRoutes(routes: () => RouteDefinition[], version: string): RouteDefinition[] {
  let document: Record<string, unknown> | undefined;
  return [
    {
      method: 'get',
      path: '/v1/openapi.json',
      summary: 'This OpenAPI 3.1 document',
      tag: 'Meta',
      access: { kind: 'public' },
      responses: { 200: { description: 'OpenAPI 3.1 document', schema: z.record(z.string(), z.unknown()) } },
      handler: (_input, _req, res) => {
        document ??= buildOpenApiDocument(routes(), version);
        res.json(document);
      },
    },
  ];
}
