import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { ServiceUnavailableError } from '../errors/index.js';

export interface ScriptFile {
  body: Buffer;
  etag: string;
  /** Subresource Integrity value of the body, `sha384-<base64>`. */
  integrity: string;
}

function resolvePackageFile(specifier: string): string {
  try {
    return createRequire(import.meta.url).resolve(specifier);
  } catch {
    throw new ServiceUnavailableError(`SDK script ${specifier} is not available; build it with "npm run build"`);
  }
}

/**
 * A script read once and then served from memory. Resolution happens at the first request, so a
 * server whose browser package is not built still starts, and answers 503 until the file exists.
 */
export function cachedScript(explicitPath: string | undefined, specifier: string): () => Promise<ScriptFile> {
  let cached: ScriptFile | undefined;
  return async () => {
    if (cached) return cached;
    const path = explicitPath ?? resolvePackageFile(specifier);
    let body: Buffer;
    try {
      body = await readFile(path);
    } catch {
      throw new ServiceUnavailableError(`SDK script ${path} is not available; build it with "npm run build"`);
    }
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    const integrity = `sha384-${createHash('sha384').update(body).digest('base64')}`;
    cached = { body, etag, integrity };
    return cached;
  };
}

/** The browser SDK's version, read lazily from its package.json. */
export function browserVersion(explicit: string | undefined): () => string {
  let version = explicit;
  return () => {
    if (version !== undefined) return version;
    try {
      const pkg = createRequire(import.meta.url)('@northstar/browser/package.json') as { version?: unknown };
      if (typeof pkg.version !== 'string') throw new Error('no version');
      version = pkg.version;
      return version;
    } catch {
      throw new ServiceUnavailableError('The version of @northstar/browser is unknown');
    }
  };
}
