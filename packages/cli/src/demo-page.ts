import { escapeHtml, jsonForScript } from './script-json.js';

export interface DemoScriptInput {
  /** SDK key the script gives the SDK. */
  pk: string;
  /** Collection endpoint given to the SDK. */
  endpoint: string;
}

export interface DemoPageInput {
  /** Curl command shown to the user; must not contain the secret key itself. */
  curl: string;
}

/** Style sheet of the demo page, served at `/demo.css`. */
export const DEMO_STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:3rem auto;padding:0 1rem}pre{white-space:pre-wrap;word-break:break-all;background:#f4f4f5;padding:1rem;border-radius:6px}\n';

/**
 * Content-Security-Policy of the demo page: nothing inline; scripts, style and requests from its own
 * server, and events sent to `endpoint` (the server's URL, which may name another host than the one
 * the browser used); no framing, no `<base>`, no forms.
 */
export function demoPageCsp(endpoint: string): string {
  const origin = new URL(endpoint).origin;
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `connect-src 'self' ${origin}`,
    "img-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** `/demo.js`: the script-tag snippet's queue with `init`, and the button's `track`. Runs before the SDK loads. */
export function renderDemoScript({ pk, endpoint }: DemoScriptInput): string {
  const config = jsonForScript({ key: pk, endpoint });
  return `window.northstar = window.northstar || [];
northstar.push(['init', ${config}]);
document.addEventListener('DOMContentLoaded', function () {
  document.getElementById('demo-click').addEventListener('click', function () {
    northstar.push(['track', 'demo_click', { source: 'button' }]);
  });
});
`;
}

/** The CLI's demo page: loads `/demo.js` and the SDK, and offers a button that tracks an event. Nothing inline (`demoPageCsp`). */
export function renderDemoPage({ curl }: DemoPageInput): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Northstar demo</title>
<script src="/demo.js"></script>
<script async src="/sdk/northstar.js"></script>
<link rel="stylesheet" href="/demo.css">
</head>
<body>
<h1>Northstar demo</h1>
<p>Loading this page sent a <code>$pageview</code> event. Click the button to send <code>demo_click</code>.</p>
<p><button id="demo-click" type="button">Track demo_click</button></p>
<p>Then count today's unique visitors. The secret key (<code>sk_…</code>) is printed in the terminal
and stored in <code>.northstar/demo.json</code>; put it in <code>NORTHSTAR_SK</code> and run:</p>
<pre>${escapeHtml(curl)}</pre>
<p>API description: <a href="/v1/openapi.json">/v1/openapi.json</a></p>
</body>
</html>
`;
}
