import { z } from 'zod';
import type { RequestHandler } from 'express';
import { NotFoundError } from '../errors/index.js';
import { browserVersion, cachedScript } from './sdk-script.js';
import type { ScriptFile } from './sdk-script.js';
import { defineRoute, withoutInput } from './routes/route-definition.js';
import type { RouteDefinition } from './routes/route-definition.js';

export interface SdkRouteOptions {
  sdkScriptPath?: string;
  sdkDebugScriptPath?: string;
  sdkWebVitalsScriptPath?: string;
  sdkGuidesScriptPath?: string;
  sdkSurveysScriptPath?: string;
  sdkReplayScriptPath?: string;
  sdkVersion?: string;
}

const LATEST_CACHE = 'public, max-age=300';
const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

function serve(load: () => Promise<ScriptFile>, cacheControl: string): RequestHandler {
  return async (_req, res) => {
    const file = await load();
    // CORS lets a page on another origin load the script with `integrity` + `crossorigin` (SRI).
    res.set({
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': cacheControl,
      ETag: file.etag,
      'Access-Control-Allow-Origin': '*',
    });
    // res.send answers 304 itself when If-None-Match matches the ETag set above.
    res.send(file.body);
  };
}

const scriptResponses = (description: string): RouteDefinition['responses'] => ({
  200: { description, contentType: 'text/javascript' },
  304: { description: 'Not modified (ETag matched)' },
});

const integritySchema = z.object({
  version: z.string(),
  path: z.string().meta({ description: 'Pinned script path relative to the mount point' }),
  integrity: z.string().meta({ description: 'Subresource Integrity hash, e.g. `sha384-...`' }),
});

/**
 * `/sdk/northstar.js` (latest), `/sdk/northstar.debug.js`, `/sdk/<version>/northstar.min.js` (immutable),
 * the lazy chunks the script loads beside itself (`/sdk/web-vitals.js`, `/sdk/guides.js`, `/sdk/surveys.js`,
 * `/sdk/replay.js`, and their `/sdk/<version>/` copies),
 * and `/sdk/integrity.json`: the pinned script's URL and SRI hash, for `<script integrity=...>`.
 */
export function sdkRoutes(options: SdkRouteOptions): RouteDefinition[] {
  const minified = cachedScript(options.sdkScriptPath, '@northstar/browser/cdn');
  const debug = cachedScript(options.sdkDebugScriptPath, '@northstar/browser/cdn-debug');
  const vitals = cachedScript(options.sdkWebVitalsScriptPath, '@northstar/browser/cdn-web-vitals');
  const guides = cachedScript(options.sdkGuidesScriptPath, '@northstar/browser/cdn-guides');
  const surveys = cachedScript(options.sdkSurveysScriptPath, '@northstar/browser/cdn-surveys');
  const replay = cachedScript(options.sdkReplayScriptPath, '@northstar/browser/cdn-replay');
  const version = browserVersion(options.sdkVersion);
  const script = { method: 'get', tag: 'SDK', access: { kind: 'public' } } as const;
  /** The immutable copy of `load` under `/sdk/<version>/<file>`; another version → 404. */
  const pinned = (file: string, summary: string, load: () => Promise<ScriptFile>): RouteDefinition => {
    const versioned = serve(load, IMMUTABLE_CACHE);
    return defineRoute({
      ...script,
      path: `/sdk/:version/${file}`,
      summary,
      params: z.object({ version: z.string() }),
      responses: scriptResponses('Immutable'),
      errors: [404],
      handler: async ({ params }, req, res, next) => {
        if (params.version !== version()) throw new NotFoundError(`No SDK script for version ${params.version}`);
        await versioned(req, res, next);
      },
    });
  };
  /** `load` under `/sdk/<file>`, the latest build, cached briefly. */
  const latest = (file: string, summary: string, load: () => Promise<ScriptFile>): RouteDefinition => ({
    ...script,
    path: `/sdk/${file}`,
    summary,
    responses: scriptResponses('Cached 5 minutes'),
    handler: withoutInput(serve(load, LATEST_CACHE)),
  });
  return [
    latest('northstar.js', 'Latest browser SDK, minified', minified),
    latest('northstar.debug.js', 'Latest browser SDK, readable with debug logging', debug),
    pinned('northstar.min.js', 'Browser SDK of one version, minified', minified),
    latest('web-vitals.js', 'Web-vitals chunk of the latest browser SDK, loaded by the script beside itself', vitals),
    pinned('web-vitals.js', 'Web-vitals chunk of the browser SDK of one version', vitals),
    latest('guides.js', 'Guides renderer chunk of the latest browser SDK, loaded by the script beside itself when a guide is to show', guides),
    pinned('guides.js', 'Guides renderer chunk of the browser SDK of one version', guides),
    latest('surveys.js', 'Surveys renderer chunk of the latest browser SDK, loaded by the script beside itself when a survey is to show', surveys),
    pinned('surveys.js', 'Surveys renderer chunk of the browser SDK of one version', surveys),
    latest('replay.js', 'Session-replay recorder (rrweb) of the latest browser SDK, loaded by the script for sampled sessions', replay),
    pinned('replay.js', 'Session-replay recorder (rrweb) of the browser SDK of one version', replay),
    {
      ...script,
      path: '/sdk/integrity.json',
      summary: 'Path and Subresource Integrity hash of the pinned SDK script',
      responses: { 200: { description: 'The pinned script and its hash', schema: integritySchema } },
      handler: async (_input, _req, res) => {
        const path = `sdk/${version()}/northstar.min.js`;
        const { integrity } = await minified();
        res.set('Cache-Control', LATEST_CACHE).json({ version: version(), path, integrity });
      },
    },
  ];
}
