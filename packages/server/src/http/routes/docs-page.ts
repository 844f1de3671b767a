/**
 * The `/docs` page: static markup, no inline script and no server data. `base` is where the page's
 * assets are relative to the page: `docs/` when it is served as `/docs`, `./` as `/docs/`.
 */
export function docsPage(base: 'docs/' | './'): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Northstar API reference</title>
<link rel="stylesheet" href="${base}assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${base}assets/swagger-ui-bundle.js"></script>
<script src="${base}assets/docs-init.js"></script>
</body>
</html>
`;
}

/**
 * Starts Swagger UI on the OpenAPI document two folders up from this script (`<mount>/docs/assets/` →
 * `<mount>/v1/openapi.json`), so the page works wherever the router is mounted. The document's paths
 * are relative to the mount point, so requests of "Try it out" are prefixed with it.
 */
export const DOCS_INIT_SCRIPT = `(function () {
  'use strict';
  var script = document.currentScript;
  var here = script && script.src ? script.src : window.location.href;
  var mount = new URL('../../', here);
  var prefix = mount.pathname.replace(/\\/$/, '');
  window.ui = SwaggerUIBundle({
    url: new URL('v1/openapi.json', mount).href,
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    requestInterceptor: function (request) {
      var target = new URL(request.url, window.location.href);
      if (prefix && target.origin === mount.origin && target.pathname.indexOf(prefix + '/') !== 0) {
        target.pathname = prefix + target.pathname;
        request.url = target.href;
      }
      return request;
    }
  });
})();
`;

/** Content-Security-Policy of the page: its own scripts only; Swagger UI needs inline styles and data: images. */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
