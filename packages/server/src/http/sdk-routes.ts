import { Router } from 'express';
import type { RequestHandler } from 'express';
import { NotFoundError } from '../errors/index.js';
import { browserVersion, cachedScript } from './sdk-script.js';
import type { ScriptFile } from './sdk-script.js';

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

/**
 * `/sdk/northstar.js` (latest), `/sdk/northstar.debug.js`, `/sdk/<version>/northstar.min.js` (immutable),
 * and `/sdk/integrity.json`: the pinned script's URL and SRI hash, for `<script integrity=...>`.
 */
export function sdkRoutes(options: SdkRouteOptions): Router {
  const minified = cachedScript(options.sdkScriptPath, '@northstar/browser/cdn');
  const debug = cachedScript(options.sdkDebugScriptPath, '@northstar/browser/cdn-debug');
  const version = browserVersion(options.sdkVersion);
  const router = Router();
  router.get('/sdk/northstar.js', serve(minified, LATEST_CACHE));
  router.get('/sdk/northstar.debug.js', serve(debug, LATEST_CACHE));
  const versioned = serve(minified, IMMUTABLE_CACHE);
  router.get('/sdk/:version/northstar.min.js', async (req, res, next) => {
    if (req.params.version !== version()) throw new NotFoundError(`No SDK script for version ${req.params.version}`);
    await versioned(req, res, next);
  });
  router.get('/sdk/integrity.json', async (_req, res) => {
    const pinned = `sdk/${version()}/northstar.min.js`;
    const { integrity } = await minified();
    res.set('Cache-Control', LATEST_CACHE).json({ version: version(), path: pinned, integrity });
  });
  return router;
}
