import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ServiceUnavailableError } from '../../errors/index.js';
import { assetFromBytes } from '../routes/docs-assets.js';
import type { DocsAsset } from '../routes/docs-assets.js';

/** rrweb's folder in node_modules (its `exports` map hides `umd/`, so the path is found from its main file). */
function rrwebRoot(): string {
  try {
    return join(dirname(createRequire(import.meta.url).resolve('rrweb')), '..');
  } catch {
    throw new ServiceUnavailableError('The replay player (rrweb) is not installed');
  }
}

/** A file of the rrweb package, read at the first request and then served from memory. */
function rrwebFile(path: string): () => DocsAsset {
  let built: DocsAsset | undefined;
  return () => {
    if (built) return built;
    try {
      built = assetFromBytes(readFileSync(join(rrwebRoot(), path)));
    } catch (error) {
      if (error instanceof ServiceUnavailableError) throw error;
      throw new ServiceUnavailableError(`The replay player file rrweb/${path} is missing`);
    }
    return built;
  };
}

/** rrweb's browser build (the `rrweb` global, with `Replayer`) and its style sheet, the version pinned in package.json. */
export const RRWEB_SCRIPT = rrwebFile('umd/rrweb.min.js');
export const RRWEB_STYLE = rrwebFile('dist/style.css');
