import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIST = fileURLToPath(new URL('../../packages/react/dist/', import.meta.url));

/** What @northstar/react adds to an app over @northstar/browser and React, in bytes of min+gzip (docs/react-sdk.md). */
const REACT_LAYER_BUDGET = 2048;

/** An app using every export, bundled for production against the built package (its `exports` map), with these imports left out. */
async function productionBundleSize(external: string[]): Promise<number> {
  const app = `import * as sdk from '@northstar/react';\nconsole.log(sdk);`;
  const result = await build({
    stdin: { contents: app, resolveDir: ROOT, sourcefile: 'app.js', loader: 'js' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"', __NS_DEBUG__: 'false' },
    external,
    logLevel: 'silent',
  });
  return gzipSync(result.outputFiles.map((file) => file.text).join(''), { level: 9 }).length;
}

describe('the built @northstar/react', () => {
  it.each(['index.js', 'index.cjs'])("starts %s with the 'use client' directive, so React Server Components treat it as client code", async (file) => {
    const code = await readFile(`${DIST}${file}`, 'utf8');
    expect(code.startsWith("'use client';\n")).toBe(true);
  });

  it(`adds at most ${REACT_LAYER_BUDGET} bytes min+gzip to an app over @northstar/browser and React`, async () => {
    const size = await productionBundleSize(['react', 'react/jsx-runtime', '@northstar/browser']);
    console.info(`@northstar/react alone, esbuild production build: ${size} B of ${REACT_LAYER_BUDGET} B`);
    expect(size).toBeLessThanOrEqual(REACT_LAYER_BUDGET);
  });
});
