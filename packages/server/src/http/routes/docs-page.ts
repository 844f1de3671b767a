/**
 * The `/docs` page: static markup, no inline script or style and no server data; `docs.js` fills it
 * from `/v1/openapi.json`. `base` is where the page's assets are relative to the page: `docs/` when it
 * is served as `/docs`, `./` as `/docs/`.
 */
export function docsPage(base: 'docs/' | './'): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Northstar API reference</title>
<link rel="stylesheet" href="${base}assets/docs.css">
</head>
<body>
<main id="reference" aria-busy="true"><p>Loading the API reference…</p></main>
<script src="${base}assets/docs.js"></script>
</body>
</html>
`;
}

/** The page's style sheet: system fonts, no image, no web font. */
export const DOCS_STYLE = `body { margin: 0; font: 15px/1.45 system-ui, sans-serif; color: #1b1f24; background: #fff; }
main { max-width: 1100px; margin: 0 auto; padding: 1rem 1.5rem 4rem; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.2rem; margin-top: 2rem; border-bottom: 1px solid #d0d7de; padding-bottom: .3rem; }
h4 { margin: 1rem 0 .4rem; font-size: .95rem; }
.code, .path, pre, input, textarea { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; }
.credentials { display: grid; gap: .5rem; max-width: 40rem; padding: .8rem 1rem; background: #f6f8fa; border-radius: 6px; }
.credentials h2 { margin: 0; border: 0; font-size: 1rem; } .hint { margin: 0; color: #57606a; font-size: .85rem; }
label { display: grid; gap: .2rem; font-size: .85rem; margin: .3rem 0; }
input, textarea { font-size: .85rem; padding: .3rem .4rem; border: 1px solid #afb8c1; border-radius: 4px; }
.operation { border: 1px solid #d0d7de; border-radius: 6px; margin: .5rem 0; }
.operation > summary { display: flex; gap: .8rem; align-items: baseline; padding: .5rem .8rem; cursor: pointer; }
.operation[open] > summary { border-bottom: 1px solid #d0d7de; }
.operation > :not(summary) { margin-left: .8rem; margin-right: .8rem; }
.method { min-width: 4.2rem; font-weight: 700; font-size: .8rem; text-align: center; padding: .1rem .3rem; border-radius: 4px; color: #fff; background: #57606a; }
.method-get .method { background: #0969da; } .method-post .method { background: #1a7f37; }
.method-patch .method, .method-put .method { background: #9a6700; } .method-delete .method { background: #cf222e; }
.path { font-weight: 600; word-break: break-all; } .summary { color: #57606a; }
.access { font-size: .85rem; color: #57606a; }
table { border-collapse: collapse; font-size: .85rem; } th, td { text-align: left; padding: .2rem .6rem .2rem 0; vertical-align: top; }
pre { background: #f6f8fa; padding: .6rem; border-radius: 4px; overflow: auto; max-height: 24rem; font-size: .8rem; white-space: pre-wrap; }
dl { display: grid; grid-template-columns: 4rem 1fr; gap: .3rem; } dt { font-weight: 700; } dd { margin: 0; }
.status-2 { color: #1a7f37; } .status-4, .status-5 { color: #cf222e; }
.try-it { padding-bottom: 1rem; } .send { margin-top: .4rem; padding: .3rem 1rem; } .result:empty { display: none; }
.error { color: #cf222e; }
`;

/** Content-Security-Policy of the page: its own script and style sheet, requests to its own origin only. */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
