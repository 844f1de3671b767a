import { escapeHtml, jsonForScript } from './script-json.js';

export interface DemoPageInput {
  /** SDK key embedded in the page. */
  pk: string;
  /** Collection endpoint given to the SDK. */
  endpoint: string;
  /** Curl command shown to the user; must not contain the secret key itself. */
  curl: string;
}

/** The CLI's demo page: loads the SDK with the script-tag snippet and offers a button that tracks an event. */
export function renderDemoPage({ pk, endpoint, curl }: DemoPageInput): string {
  const config = jsonForScript({ key: pk, endpoint });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Northstar demo</title>
<script>
  window.northstar = window.northstar || [];
  northstar.push(['init', ${config}]);
</script>
<script async src="/sdk/northstar.js"></script>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:3rem auto;padding:0 1rem}pre{white-space:pre-wrap;word-break:break-all;background:#f4f4f5;padding:1rem;border-radius:6px}</style>
</head>
<body>
<h1>Northstar demo</h1>
<p>Loading this page sent a <code>$pageview</code> event. Click the button to send <code>demo_click</code>.</p>
<p><button id="demo-click" type="button">Track demo_click</button></p>
<p>Then count today's unique visitors. The secret key (<code>sk_…</code>) is printed in the terminal
and stored in <code>.northstar/demo.json</code>; put it in <code>NORTHSTAR_SK</code> and run:</p>
<pre>${escapeHtml(curl)}</pre>
<p>API description: <a href="/v1/openapi.json">/v1/openapi.json</a></p>
<script>
  document.getElementById('demo-click').addEventListener('click', function () {
    northstar.push(['track', 'demo_click', { source: 'button' }]);
  });
</script>
</body>
</html>
`;
}
