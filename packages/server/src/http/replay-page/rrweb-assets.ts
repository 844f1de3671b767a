import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ServiceUnavailableError } from '../../errors/index.js';
import { assetFromBytes } from '../routes/docs-assets.js';
import type { DocsAsset } from '../routes/docs-assets.js';

/**
 * A file of rrweb's player: the copy the build puts beside the server's bundle (`dist/rrweb/`), else, when
 * running from the sources in this repository, the rrweb devDependency (its `exports` map hides `umd/`, so
 * its folder is found from its main file).
 */
function rrwebPath(built: string, inPackage: string): string {
  const besideBundle = fileURLToPath(new URL(`./rrweb/${built}`, import.meta.url));
  if (existsSync(besideBundle)) return besideBundle;
  try {
    return join(dirname(createRequire(import.meta.url).resolve('rrweb')), '..', inPackage);
  } catch {
    throw new ServiceUnavailableError('The replay player (rrweb) is not installed');
  }
}

/** A file of rrweb's player, read at the first request and then served from memory. */
function rrwebFile(built: string, inPackage: string): () => DocsAsset {
  let asset: DocsAsset | undefined;
  return () => {
    if (asset) return asset;
    try {
      asset = assetFromBytes(readFileSync(rrwebPath(built, inPackage)));
    } catch (error) {
      if (error instanceof ServiceUnavailableError) throw error;
      throw new ServiceUnavailableError(`The replay player file rrweb/${built} is missing`);
    }
    return asset;
  };
}

/** rrweb's browser build (the `rrweb` global, with `Replayer`) and its style sheet, the version pinned in package.json. */
export const RRWEB_SCRIPT = rrwebFile('rrweb.min.js', 'umd/rrweb.min.js');
export const RRWEB_STYLE = rrwebFile('style.css', 'dist/style.css');
