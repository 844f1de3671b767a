import type { RequestHandler } from 'express';
import { DOCS_CSP, DOCS_STYLE, docsPage } from './docs-page.js';
import { DOCS_VIEWER_SCRIPT } from './docs-viewer-script.js';
import { serveAsset, textAsset } from './docs-assets.js';
import { withoutInput } from './route-definition.js';
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
 * `/docs`: the interactive reference of `/v1/openapi.json`, rendered by the router's own small script
 * and style sheet (no third-party viewer, no CDN, nothing inline).
 */
export function docsRoutes(): RouteDefinition[] {
  const common = { method: 'get', tag: 'Meta', access: { kind: 'public' } } as const;
  const asset = (path: string, summary: string, contentType: string, handler: RequestHandler): RouteDefinition => ({
    ...common,
    path,
    summary,
    responses: { 200: { description: summary, contentType }, 304: { description: 'Not modified (ETag matched)' } },
    handler: withoutInput(handler),
  });
  return [
    {
      ...common,
      path: '/docs',
      summary: 'Interactive API reference',
      responses: { 200: { description: 'HTML page', contentType: 'text/html' } },
      handler: withoutInput(page),
    },
    asset(
      '/docs/assets/docs.js',
      'Script of the API reference: renders /v1/openapi.json',
      'text/javascript',
      serveAsset(textAsset(DOCS_VIEWER_SCRIPT), 'text/javascript; charset=utf-8'),
    ),
    asset('/docs/assets/docs.css', 'Style sheet of the API reference', 'text/css', serveAsset(textAsset(DOCS_STYLE), 'text/css; charset=utf-8')),
  ];
}
