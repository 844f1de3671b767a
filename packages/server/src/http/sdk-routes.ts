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
 * and `/sdk/integrity.json`: the pinned script's URL and SRI hash, for `<script integrity=...>`.
 */
export function sdkRoutes(options: SdkRouteOptions): RouteDefinition[] {
  const minified = cachedScript(options.sdkScriptPath, '@northstar/browser/cdn');
  const debug = cachedScript(options.sdkDebugScriptPath, '@northstar/browser/cdn-debug');
  const version = browserVersion(options.sdkVersion);
  const versioned = serve(minified, IMMUTABLE_CACHE);
  const script = { method: 'get', tag: 'SDK', access: { kind: 'public' } } as const;
  return [
    {
      ...script,
      path: '/sdk/northstar.js',
      summary: 'Latest browser SDK, minified',
      responses: scriptResponses('Cached 5 minutes'),
      handler: withoutInput(serve(minified, LATEST_CACHE)),
    },
    {
      ...script,
      path: '/sdk/northstar.debug.js',
      summary: 'Latest browser SDK, readable with debug logging',
      responses: scriptResponses('Cached 5 minutes'),
      handler: withoutInput(serve(debug, LATEST_CACHE)),
    },
    defineRoute({
      ...script,
      path: '/sdk/:version/northstar.min.js',
      summary: 'Browser SDK of one version, minified',
      params: z.object({ version: z.string() }),
      responses: scriptResponses('Immutable'),
      errors: [404],
      handler: async ({ params }, req, res, next) => {
        if (params.version !== version()) throw new NotFoundError(`No SDK script for version ${params.version}`);
        await versioned(req, res, next);
      },
    }),
    {
      ...script,
      path: '/sdk/integrity.json',
      summary: 'Path and Subresource Integrity hash of the pinned SDK script',
      responses: { 200: { description: 'The pinned script and its hash', schema: integritySchema } },
      handler: async (_input, _req, res) => {
        const pinned = `sdk/${version()}/northstar.min.js`;
        const { integrity } = await minified();
        res.set('Cache-Control', LATEST_CACHE).json({ version: version(), path: pinned, integrity });
      },
    },
  ];
}
