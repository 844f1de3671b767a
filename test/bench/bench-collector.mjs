// The local server of the browser main-thread bench: the generated page, the SDK files (our CDN script
// and its web-vitals chunk from the build, posthog-js from node_modules) and a collector that answers
// every SDK request with 200 and counts the events each configuration sent. Every URL of a configuration
// lies under `/c/<id>/`, so its SDK's requests (beacons included) are counted apart from the others'.
import { Buffer } from 'node:buffer';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { URLSearchParams, fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { benchPage } from './browser-page.mjs';

/** Our build; BENCH_NORTHSTAR_DIST serves another one (an earlier build kept aside, to compare). */
const DIST = process.env.BENCH_NORTHSTAR_DIST ?? fileURLToPath(new URL('../../packages/browser/dist/', import.meta.url));
/** posthog-js's files, from the root devDependency; a checkout installed before it was added needs `npm install`. */
function posthogDist() {
  try {
    return join(dirname(createRequire(import.meta.url).resolve('posthog-js/package.json')), 'dist');
  } catch {
    throw new Error('posthog-js is not installed: run `npm install` (it is a devDependency of the root package)');
  }
}
const POSTHOG_DIST = posthogDist();

/** posthog's remote config for the bench's project: autocapture allowed, everything else left to the client config. */
const POSTHOG_REMOTE = {
  supportedCompression: ['gzip-js', 'base64'],
  autocapture_opt_out: false,
  heatmaps: false,
  captureDeadClicks: false,
  capturePerformance: false,
  autocaptureExceptions: false,
  sessionRecording: false,
  surveys: false,
  hasFeatureFlags: false,
  elementsChainAsString: true,
};

/** Events in one request body of either SDK: ours `{ batch }`, posthog's array or object, as JSON, gzip or base64 form data. */
function eventsIn(body, url) {
  let text = body.length > 1 && body[0] === 0x1f && body[1] === 0x8b ? gunzipSync(body).toString() : body.toString();
  if (url.searchParams.get('compression') === 'base64' || text.startsWith('data=')) {
    text = Buffer.from(decodeURIComponent(new URLSearchParams(text).get('data') ?? ''), 'base64').toString();
  }
  try {
    const parsed = JSON.parse(text);
    const list = Array.isArray(parsed) ? parsed : Array.isArray(parsed?.batch) ? parsed.batch : [parsed];
    return list.map((e) => e?.event_name ?? e?.event ?? '?');
  } catch {
    return [];
  }
}

/**
 * Starts the server on 127.0.0.1. `sdkOf(id)` gives the page's inline script for configuration `id`: it
 * must define `window.__startSdk()` (loads the SDK) and `window.__sdkReady()`.
 */
export async function startCollector(sdkOf) {
  const counts = new Map();
  const count = (id) => {
    if (!counts.has(id)) counts.set(id, { events: 0, requests: 0, bytes: 0, names: {}, files: [] });
    return counts.get(id);
  };
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://local');
        const match = /^\/c\/([^/]+)(\/.*)$/.exec(url.pathname);
        if (!match) return res.writeHead(404).end();
        const [, id, path] = match;
        const js = (file) => readFile(file).then((body) => res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(body));
        if (path === '/page') return res.writeHead(200, { 'Content-Type': 'text/html' }).end(benchPage(sdkOf(id)));
        if (req.method === 'GET' && /^\/sdk\/(northstar|web-vitals|replay)\.js$/.test(path)) {
          count(id).files.push(path);
          return js(join(DIST, path === '/sdk/northstar.js' ? 'northstar.min.js' : path.slice('/sdk/'.length)));
        }
        const asset = /^\/static\/(?:[\d.]+\/)?([\w.-]+\.js)$/.exec(path);
        if (req.method === 'GET' && asset) {
          count(id).files.push(path);
          return js(join(POSTHOG_DIST, asset[1])).catch(() => res.writeHead(404).end());
        }
        const body = Buffer.concat(chunks);
        // Event endpoints: ours, and posthog's (`/e/`, `/i/v0/e/`, `/batch/`); its flags and config calls are no events.
        if (req.method === 'POST' && /^\/(v1\/track|e|i\/v0\/e|batch|capture|track)\/?$/.test(path)) {
          const c = count(id);
          c.requests += 1;
          c.bytes += body.length;
          for (const name of eventsIn(body, url)) {
            c.events += 1;
            c.names[name] = (c.names[name] ?? 0) + 1;
          }
        }
        // posthog's remote config, as its cloud answers a project with everything off on the server side
        // (what runs is what the client config turns on), and no feature flags.
        const remote = /^\/array\/([^/]+)\/config(\.js)?$/.exec(path);
        if (remote?.[2]) {
          const global = `window._POSTHOG_REMOTE_CONFIG = window._POSTHOG_REMOTE_CONFIG || {}; window._POSTHOG_REMOTE_CONFIG[${JSON.stringify(remote[1])}]`;
          return res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(`${global} = ${JSON.stringify({ config: POSTHOG_REMOTE, siteApps: [] })};`);
        }
        const answer =
          path === '/v1/track'
            ? { accepted: 1, rejected: [] }
            : path.startsWith('/flags')
              ? { featureFlags: {}, featureFlagPayloads: {}, errorsWhileComputingFlags: false }
              : remote
                ? POSTHOG_REMOTE
                : { status: 1 };
        res.writeHead(200, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' }).end(JSON.stringify(answer));
      })().catch(() => res.writeHead(500).end());
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return { origin, counts: (id) => count(id), close: () => new Promise((resolve) => server.close(resolve)) };
}
