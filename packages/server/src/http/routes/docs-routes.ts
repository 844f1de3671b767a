import type { RequestHandler } from 'express';
import { DOCS_CSP, DOCS_INIT_SCRIPT, docsPage } from './docs-page.js';
import { serveAsset, swaggerUiAsset, textAsset } from './docs-assets.js';
import type { RouteDefinition } from './route-definition.js';

const page: RequestHandler = (req, res) => {
  res.set({
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': DOCS_CSP,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-cache',
  });
  res.send(docsPage(req.path.endsWith('/') ? './' : 'docs/'));
};

/**
 * `/docs`: the interactive reference of `/v1/openapi.json` (Swagger UI), with every asset served by
 * the router itself from swagger-ui-dist: no CDN, nothing inline.
 */
export function docsRoutes(): RouteDefinition[] {
  const common = { method: 'get', tag: 'Meta', access: { kind: 'public' } } as const;
  const asset = (path: string, summary: string, contentType: string, handler: RequestHandler): RouteDefinition => ({
    ...common,
    path,
    summary,
    responses: { 200: { description: summary, contentType }, 304: { description: 'Not modified (ETag matched)' } },
    errors: [503],
    handler,
  });
  return [
    { ...common, path: '/docs', summary: 'Interactive API reference (Swagger UI)', responses: { 200: { description: 'HTML page', contentType: 'text/html' } }, handler: page },
    asset('/docs/assets/swagger-ui-bundle.js', 'Swagger UI script', 'text/javascript', serveAsset(swaggerUiAsset('swagger-ui-bundle.js'), 'text/javascript; charset=utf-8')),
    asset('/docs/assets/swagger-ui.css', 'Swagger UI style sheet', 'text/css', serveAsset(swaggerUiAsset('swagger-ui.css'), 'text/css; charset=utf-8')),
    asset('/docs/assets/docs-init.js', 'Starts Swagger UI on /v1/openapi.json', 'text/javascript', serveAsset(textAsset(DOCS_INIT_SCRIPT), 'text/javascript; charset=utf-8')),
  ];
}
